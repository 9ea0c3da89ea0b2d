import type { PersonaFile } from '../../../shared/domain/persona';
import { engineIdOf } from '../../../shared/domain/persona';
import type { RerunOnMiss, RerunTarget } from '../../../shared/domain/time-travel';
import type { TraceEvent } from '../../../shared/domain/trace';
import type { LoopDebugger } from '../engines/loop-context';
import { historyFromEvents } from '../sessions/session-summary';
import { callKey, RecordedCalls } from '../sessions/recorded-outcomes';
import type { ToolGate } from '../toolbox/tool-gate';
import { recordedDecision } from './fork-run';
import type { PersonaRuntime } from './persona-runtime';
import { startRun, type RunHandle, type RunOutcome, type StartRunOptions } from './run-chat';

type Block = Record<string, unknown>;
const asBlock = (v: unknown): Block => (v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Block) } : {});

/** The user turns of a recorded session, in order: what a re-run sends again. */
export function userTurns(events: TraceEvent[]): string[] {
  return events.filter((e) => e.type === 'user_message').map((e) => e.content);
}

/** Whether the target changes the persona itself (brain, model, engine), so its runtime is built for the re-run. */
export function changesPersona(target: RerunTarget): boolean {
  return Boolean(target.model || target.brain || target.engine);
}

/**
 * The persona with the target's engine, brain and model: another engine takes the old engine block (brain,
 * toolboxes, limits) unless the persona has one for it; the model goes into the brain's block where it is.
 */
export function withTarget(persona: PersonaFile, target: RerunTarget): PersonaFile {
  const out: Block = structuredClone(persona) as Block;
  const oldEngine = engineIdOf(persona);
  let engine = oldEngine;
  if (target.engine && target.engine !== oldEngine) {
    engine = target.engine;
    out.handlers = [engine, ...((persona.handlers ?? persona.solvers ?? []).filter((h) => h !== engine) as string[])];
    delete out.solvers;
    if (out[engine] === undefined && oldEngine) out[engine] = structuredClone(out[oldEngine]);
  }
  if (!engine) return out as PersonaFile;
  const block = asBlock(out[engine]);
  if (target.brain) block.brain = target.brain;
  const brainId = typeof block.brain === 'string' ? block.brain : null;
  if (target.model && brainId) {
    if (block[brainId] !== undefined || out[brainId] === undefined)
      block[brainId] = { ...asBlock(block[brainId]), model: target.model };
    else out[brainId] = { ...asBlock(out[brainId]), model: target.model };
  }
  out[engine] = block;
  return out as PersonaFile;
}

/**
 * The re-run's tool gate with recorded tools: a call whose name and arguments the recording has is answered
 * with the recorded result or error (the tool does not run); a miss runs live (through `inner`, the debugger)
 * or fails as `no_recorded_result`.
 */
export function recordedToolsGate(recorded: RecordedCalls, onMiss: RerunOnMiss, inner?: ToolGate): ToolGate {
  return {
    before(call, signal) {
      const outcome = recorded.take(call.modelName, call.arguments);
      if (outcome) return recordedDecision(outcome);
      if (onMiss === 'fail')
        return {
          kind: 'fail',
          error: {
            code: 'no_recorded_result',
            message: `no recorded result for ${callKey(call.modelName, call.arguments)}`,
          },
        };
      return inner ? inner.before(call, signal) : { kind: 'run', arguments: call.arguments };
    },
    ...(inner?.afterError ? { afterError: inner.afterError.bind(inner) } : {}),
  };
}

export interface RerunOptions extends Pick<
  StartRunOptions,
  'sessionId' | 'personaId' | 'personaName' | 'personaVersion' | 'openDebugger'
> {
  /** The recorded session's events. */
  source: TraceEvent[];
  target: RerunTarget;
  onEvent(event: TraceEvent): void;
  /** Each run as it starts (to register it, so it can be cancelled). */
  onRun?(handle: RunHandle): void;
}

/**
 * `inner` with its tool gate replaced by `tools`, its model hooks still its own: a run's debugger is a class
 * (DebugSession) whose hooks live on its prototype, which a spread would drop (and the pause before the model
 * with them).
 */
export function withTools(inner: LoopDebugger | undefined, tools: ToolGate): LoopDebugger {
  if (!inner) return { tools };
  const session: LoopDebugger = { tools };
  if (inner.passesModel) session.passesModel = () => inner.passesModel!();
  if (inner.beforeModel) session.beforeModel = (request, signal) => inner.beforeModel!(request, signal);
  return session;
}

/**
 * Sends a recorded session's user turns again, in order, each as a run of `runtime` continuing the new session
 * (its history is the re-run's own turns). A cancelled run stops the re-run; a failed one does not.
 */
export async function rerunSession(runtime: PersonaRuntime, options: RerunOptions): Promise<RunOutcome[]> {
  const recorded = options.target.tools === 'recorded' ? new RecordedCalls(options.source) : null;
  const events: TraceEvent[] = [];
  const outcomes: RunOutcome[] = [];
  for (const message of userTurns(options.source)) {
    const handle = startRun(runtime, {
      history: historyFromEvents(events),
      message,
      sessionId: options.sessionId,
      personaId: options.personaId,
      personaName: options.personaName,
      personaVersion: options.personaVersion,
      onEvent: (e) => {
        events.push(e);
        options.onEvent(e);
      },
      openDebugger: async (run) => {
        const opened = options.openDebugger ? await options.openDebugger(run) : null;
        const inner = opened?.session;
        const session: LoopDebugger = recorded
          ? withTools(inner, recordedToolsGate(recorded, options.target.onMiss, inner?.tools))
          : (inner ?? {});
        return { session, dispose: opened?.dispose ?? (() => undefined) };
      },
    });
    options.onRun?.(handle);
    const outcome = await handle.done;
    outcomes.push(outcome);
    if (outcome.status === 'cancelled') break;
  }
  return outcomes;
}
