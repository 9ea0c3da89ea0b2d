import { randomUUID } from 'node:crypto';
import type { ErrorValue } from '../../../shared/domain/errors';
import type { AgentMessage } from '../../../shared/domain/message';
import type { TraceEvent } from '../../../shared/domain/trace';
import { CancelledError, toErrorValue } from '../errors';
import type { PersonaRuntime } from './persona-runtime';
import { abortable } from '../engines/abortable';
import type { LoopDebugger } from '../engines/loop-context';
import type { ToolProgress } from '../toolbox';
import { RunTracer } from '../engines/run-tracer';

/** How a run ended. */
export type RunOutcome =
  { status: 'finished'; answer: string } | { status: 'failed'; error: ErrorValue } | { status: 'cancelled' };

/** A run in flight: its id, its outcome, and a way to cancel it at any moment. */
export interface RunHandle {
  runId: string;
  done: Promise<RunOutcome>;
  cancel(reason?: string): void;
}

export interface StartRunOptions {
  /** Earlier turns of the conversation (historyFromEvents of the session); the persona's memory picks what is sent. */
  history: AgentMessage[];
  message: string;
  sessionId: string;
  personaId: string | null;
  personaName: string;
  /** The persona version the run runs with (recorded in run_started). */
  personaVersion?: string | null;
  onEvent: (event: TraceEvent) => void;
  /** Progress of the run's running tool calls (not traced: live only). */
  onToolProgress?: (runId: string, toolCallId: string, progress: ToolProgress) => void;
  /** The run's id; a new one when absent (a fork continues a copied run under its id). */
  runId?: string;
  /** A debugger for this run (breakpoints, approval), opened before the loop starts and disposed when it ends. */
  openDebugger?: (run: RunControls) => Promise<{ session: LoopDebugger; dispose: () => void }>;
}

/** What a run's debugger may do with it. */
export interface RunControls {
  runId: string;
  cancel(reason: string): void;
  /** The loop iteration now. */
  iteration(): number;
}

/** A fresh run id. */
export const newRunId = (): string => `run_${randomUUID()}`;

/**
 * Runs a persona's loop on one user message and streams its trace to `onEvent`: run_started, user_message,
 * the loop's events, then exactly one of run_finished / run_failed / run_cancelled. Never rejects: brain
 * failures end as run_failed with their error value. Events start after this returns.
 */
export function startRun(runtime: PersonaRuntime, options: StartRunOptions): RunHandle {
  const runId = options.runId ?? newRunId();
  const controller = new AbortController();
  let cancelReason = 'Cancelled by the user.';
  const tracer = new RunTracer(runId, options.onEvent);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let announced = false;
  const announce = () => {
    if (announced) return;
    announced = true;
    // One listing of the tools for both events (each listing builds every tool's spec).
    const infos = runtime.registry.toolInfos();
    tracer.emit({
      type: 'run_started',
      sessionId: options.sessionId,
      personaId: options.personaId,
      personaName: options.personaName,
      ...(options.personaVersion !== undefined ? { personaVersion: options.personaVersion } : {}),
      engine: runtime.engineId,
      brain: runtime.brainId,
      model: runtime.model,
      maxIterations: runtime.maxIterations,
      // What the model is offered: tools that cannot run here (MCP tasks) or are turned off are not among them.
      tools: infos.filter((t) => !t.unavailable && !t.disabled).map((t) => t.modelName),
    });
    const left = infos.filter((t) => t.unavailable && !t.disabled);
    if (left.length)
      tracer.emit({
        type: 'loop_notice',
        reason: 'tools_not_offered',
        message: `Not offered to the model: ${left.map((t) => `'${t.modelName}' (${t.unavailable})`).join('; ')}`,
      });
    tracer.emit({ type: 'user_message', content: options.message });
  };

  const cancel = (reason?: string) => {
    if (controller.signal.aborted) return;
    if (reason) cancelReason = reason;
    controller.abort(new CancelledError(cancelReason));
  };
  const done = (async (): Promise<RunOutcome> => {
    await Promise.resolve();
    let dispose = () => undefined as void;
    try {
      await abortable(runtime.registry.ready(), controller.signal);
      announce();
      // A brain that could not be made fails the run here, with its error (the toolboxes were usable without it).
      if (runtime.brainError) throw runtime.brainError;
      let debug: LoopDebugger | undefined;
      if (options.openDebugger) {
        const opened = await abortable(
          options.openDebugger({ runId, cancel, iteration: () => tracer.iteration }),
          controller.signal,
        );
        debug = opened.session;
        dispose = opened.dispose;
      }
      const engine = runtime.engine.create({
        brain: runtime.brain,
        registry: runtime.registry,
        maxIterations: runtime.maxIterations,
        toolTimeoutMs: runtime.toolTimeoutMs,
        maxToolResultChars: runtime.maxToolResultChars,
        systemPrompt: runtime.systemPrompt,
        config: runtime.engineConfig,
      });
      const context = await runtime.memory.buildContext(options.history, options.message);
      tracer.emit({
        type: 'memory_context',
        module: runtime.memory.id,
        system: context.system,
        history: context.history,
        dropped: context.dropped,
        warning: context.warning,
      });
      const messages: AgentMessage[] = context.messages;
      const result = await engine.run(messages, {
        signal: controller.signal,
        tracer,
        sessionId: options.sessionId,
        ...(debug ? { debug } : {}),
        ...(options.onToolProgress
          ? { onToolProgress: (id: string, p: ToolProgress) => options.onToolProgress!(runId, id, p) }
          : {}),
      });
      if (controller.signal.aborted) throw new CancelledError();
      tracer.emit({
        type: 'run_finished',
        answer: result.answer,
        iterations: result.iterations,
        ...(result.limitReached ? { limitReached: true } : {}),
        durationMs: elapsed(),
      });
      return { status: 'finished', answer: result.answer };
    } catch (error) {
      announce();
      if (controller.signal.aborted || error instanceof CancelledError) {
        tracer.emit({ type: 'run_cancelled', reason: cancelReason, durationMs: elapsed() });
        return { status: 'cancelled' };
      }
      const value = toErrorValue(error);
      tracer.emit({ type: 'run_failed', error: value, durationMs: elapsed() });
      return { status: 'failed', error: value };
    } finally {
      dispose();
    }
  })();

  return {
    runId,
    done,
    cancel,
  };
}
