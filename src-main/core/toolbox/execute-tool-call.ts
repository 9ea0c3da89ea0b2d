import { deniedContent } from '../../../shared/domain/debug';
import { CancelledError, toErrorValue } from '../errors';
import type { ToolProgress } from './agent-tool';
import { PausableTimer } from './pausable-timer';
import { feedText, type ModelFeed } from './model-feed';
import { toJsonSchema } from './schema';
import { ToolExecutionError } from './tool-errors';
import type { GatedCall, GateDecision, GateOutcome, ToolGate } from './tool-gate';
import { CallContext } from './call-context';
import { offAbort, onAbort as onSignalAbort } from './signal-hub';
import type { RegisteredTool, ToolExecution, ToolRegistry } from './tool-registry';
import { issuesText } from '../../../shared/domain/issues';
import type { JsonSchema } from '../../../shared/domain/tool';

export interface ExecuteOptions {
  signal?: AbortSignal;
  /** Per-call timeout; 0 or undefined = none. It starts after the gate answered. */
  timeoutMs?: number;
  /** The run's chat session, handed to the tool (bus tools send it as `context.session`). */
  sessionId?: string;
  /** May run, change, mock or refuse the call before it executes (the debugger, approval). */
  gate?: ToolGate;
  /** Which call of the model this is (for the gate): its id and place in its assistant turn. */
  call?: { toolCallId: string; index: number; count: number };
  /** Receives the tool's progress reports while it runs (MCP progress notifications). */
  onProgress?: (progress: ToolProgress) => void;
}

/** A tool execution with what the gate did to it. */
export type GatedExecution = ToolExecution & GateOutcome;

const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * Runs one tool call by the name the model (or a form) gave. The loop and manual form calls both go through
 * here, so validation, errors, timing, the gate and the text fed back to the model are identical.
 * Cancellation throws CancelledError (also while a gate waits); every other failure comes back as a value.
 */
export async function executeToolCall(
  registry: ToolRegistry,
  modelName: string,
  args: unknown,
  options: ExecuteOptions = {},
): Promise<GatedExecution> {
  const started = performance.now();
  const original = isArgs(args) ? args : {};
  if (options.signal?.aborted) throw new CancelledError();
  const target = registry.resolve(modelName) ?? (await resolveLate(registry, modelName));
  if (!options.gate) return withArguments(await run(target, modelName, args, options, started), original);
  const gate = options.gate;
  if (gate.passes?.(modelName, target?.toolbox.toolboxId ?? null, target?.name ?? null)) {
    const execution = await run(target, modelName, args, options, started);
    if (execution.ok || !gate.afterError) return withArguments(execution, original);
    const call = new GateView(target, modelName, original, options.call);
    return gated(new GatedRun(gate, call, target, options, started), null, execution);
  }
  const call: GatedCall = new GateView(target, modelName, original, options.call);
  const first = gate.before(call, options.signal);
  // The common case, kept free of allocations: the gate lets the call pass as it is, at once, and it succeeds.
  if (!(first instanceof Promise) && first.kind === 'run' && first.arguments === original) {
    const execution = await run(target, modelName, args, options, started);
    if (execution.ok || !gate.afterError) return withArguments(execution, original);
    return gated(new GatedRun(gate, call, target, options, started), null, execution);
  }
  const state = new GatedRun(gate, call, target, options, started);
  return gated(state, await state.settle(first), null);
}

/** One gated call's state beyond the common case: pauses (timed), the decisions, the outcome for the trace. */
class GatedRun {
  pausedMs = 0;
  constructor(
    readonly gate: ToolGate,
    readonly call: GatedCall,
    readonly target: RegisteredTool | null,
    readonly options: ExecuteOptions,
    readonly started: number,
  ) {}

  /** A gate's answer; a promise is awaited and its time counted as paused. */
  async settle<T>(answer: T | Promise<T>): Promise<T> {
    if (!(answer instanceof Promise)) return answer;
    const t0 = performance.now();
    try {
      return await answer;
    } finally {
      this.pausedMs += performance.now() - t0;
    }
  }

  active(): number {
    return round(performance.now() - this.started - this.pausedMs);
  }

  outcome(ran: Record<string, unknown>, extra?: Partial<GateOutcome>): GateOutcome {
    const original = this.call.arguments;
    const out: GateOutcome = { arguments: ran, ...extra };
    if (ran !== original && JSON.stringify(ran) !== JSON.stringify(original)) out.originalArguments = original;
    if (Math.round(this.pausedMs) > 0) out.pausedMs = Math.round(this.pausedMs);
    return out;
  }
}

/** Carries out gate decisions until one ends the call: deny, mock, run (and after a failure, the gate's next word). */
async function gated(
  state: GatedRun,
  first: GateDecision | null,
  failed: Extract<ToolExecution, { ok: false }> | null,
): Promise<GatedExecution> {
  const { gate, call, target, options } = state;
  const modelName = call.modelName;
  const original = call.arguments;
  let decision = first;
  let ran = original;
  if (failed) {
    decision = await state.settle(gate.afterError!(call, ran, failed.error, options.signal));
    if (!decision) return { ...failed, durationMs: state.active(), ...state.outcome(ran) };
  }
  for (;;) {
    if (options.signal?.aborted) throw new CancelledError();
    const toolboxId = target?.toolbox.toolboxId ?? null;
    if (decision!.kind === 'deny') {
      const d = decision as Extract<GateDecision, { kind: 'deny' }>;
      const approval = d.code === 'approval_required';
      const message = approval
        ? (d.message ?? `Tool '${modelName}' needs the user's approval.`)
        : `The user denied the call to tool '${modelName}'.`;
      return {
        ok: false,
        error: { code: approval ? 'approval_required' : 'tool_denied', message },
        content: approval ? `Error: tool '${modelName}' was not run: ${message}` : deniedContent(modelName, d.reason),
        durationMs: state.active(),
        toolboxId,
        ...state.outcome(original, { denied: { reason: d.reason?.trim() || null } }),
      };
    }
    if (decision!.kind === 'fail') {
      const error = (decision as Extract<GateDecision, { kind: 'fail' }>).error;
      return {
        ok: false,
        error,
        content: `Error: tool '${modelName}' failed: ${error.message}`,
        durationMs: state.active(),
        toolboxId,
        ...state.outcome(original, { mocked: true }),
      };
    }
    if (decision!.kind === 'mock') {
      const result = decision!.result;
      return {
        ok: true,
        result,
        ...fedContent(target, result),
        durationMs: state.active(),
        toolboxId: toolboxId ?? '',
        ...state.outcome(original, { mocked: true }),
      };
    }
    ran = decision!.arguments;
    const execution = await run(target, modelName, ran, options, performance.now());
    if (execution.ok || !gate.afterError) return { ...execution, durationMs: state.active(), ...state.outcome(ran) };
    decision = await state.settle(gate.afterError(call, ran, execution.error, options.signal));
    if (!decision) return { ...execution, durationMs: state.active(), ...state.outcome(ran) };
  }
}

function isArgs(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A fresh execution (run's own object) with the arguments that ran, without copying it. */
function withArguments(execution: ToolExecution, ran: Record<string, unknown>): GatedExecution {
  (execution as GatedExecution).arguments = ran;
  return execution as GatedExecution;
}

/** A tool the registry does not know yet may appear after a refresh (lazy discovery, as OVOS's get_tool). */
async function resolveLate(registry: ToolRegistry, modelName: string): Promise<RegisteredTool | null> {
  for (const tb of registry.toolboxes) {
    try {
      if (await tb.getTool(modelName)) break;
    } catch {
      // A toolbox whose discovery fails cannot have it.
    }
  }
  return registry.resolve(modelName);
}

/** A call as the gate sees it; a class, so the common call allocates one object and no closure. */
class GateView implements GatedCall {
  readonly toolCallId: string;
  readonly toolboxId: string | null;
  readonly toolName: string | null;
  readonly arguments: Record<string, unknown>;
  readonly index: number;
  readonly count: number;
  /** Not an own enumerable field: a gate that copies or serializes the call gets only the fields above. */
  readonly #target: RegisteredTool | null;

  constructor(
    target: RegisteredTool | null,
    readonly modelName: string,
    args: Record<string, unknown>,
    call: ExecuteOptions['call'],
  ) {
    this.#target = target;
    this.toolCallId = call?.toolCallId ?? '';
    this.toolboxId = target?.toolbox.toolboxId ?? null;
    this.toolName = target?.name ?? null;
    this.arguments = args;
    this.index = call?.index ?? 0;
    this.count = call?.count ?? 1;
  }

  schemas(): { argumentSchema: JsonSchema; outputSchema: JsonSchema } | null {
    const target = this.#target;
    const tool = target?.toolbox.tools.get(target.name);
    return tool
      ? {
          argumentSchema: toJsonSchema(tool.argumentSchema, 'input'),
          outputSchema: toJsonSchema(tool.outputSchema, 'output'),
        }
      : null;
  }
}

/** Executes a resolved call with its timeout and cancellation. */
async function run(
  target: RegisteredTool | null,
  modelName: string,
  args: unknown,
  options: ExecuteOptions,
  started: number,
): Promise<ToolExecution> {
  const elapsed = () => round(performance.now() - started);
  if (!target) {
    return {
      ok: false,
      error: { code: 'tool_not_found', message: `Tool '${modelName}' is not offered by any toolbox of this persona.` },
      content: `Error: tool '${modelName}' not found.`,
      durationMs: elapsed(),
      toolboxId: null,
    };
  }
  const timeoutMs = options.timeoutMs && options.timeoutMs > 0 ? options.timeoutMs : 0;
  let timer: PausableTimer | undefined;
  const context = new CallContext(
    options.sessionId,
    options.onProgress,
    timeoutMs ? () => timer?.pause() ?? (() => undefined) : undefined,
  );
  let rejectGuard: ((error: Error) => void) | null = null;
  const onAbort = () => {
    context.abort(options.signal?.reason);
    rejectGuard?.(new CancelledError());
  };
  if (options.signal) onSignalAbort(options.signal, onAbort);
  try {
    // The call's timeout starts before the tool does, so a timeout of the tool's own (an MCP server's, 30 s by
    // default as this one) that ends at the same moment fires after it: the user sees tool_timeout.
    if (timeoutMs)
      timer = new PausableTimer(timeoutMs, () => {
        const error = new ToolExecutionError(
          'tool_timeout',
          `Tool '${target.name}' in ToolBox '${target.toolbox.toolboxId}' timed out after ${timeoutMs / 1000} s`,
        );
        rejectGuard?.(error);
        context.abort(error);
      });
    const call = target.toolbox.callTool(target.name, args, context);
    let result: Record<string, unknown>;
    if (!options.signal && !timeoutMs) result = await call;
    else {
      // A tool that ignores its signal still ends the call: cancelling or timing out rejects at once.
      result = await new Promise<Record<string, unknown>>((resolve, reject) => {
        call.then(resolve, reject);
        rejectGuard = reject;
        if (options.signal?.aborted) reject(new CancelledError());
      });
    }
    // Built whole (no spread of a temporary): this is every successful call's result.
    const feed = modelFeedOf(target, result);
    const durationMs = elapsed();
    const toolboxId = target.toolbox.toolboxId;
    return feed
      ? { ok: true, result, content: feedText(feed), feed, durationMs, toolboxId }
      : { ok: true, result, content: JSON.stringify(result), durationMs, toolboxId };
  } catch (error) {
    if (error instanceof CancelledError || options.signal?.aborted)
      throw error instanceof CancelledError ? error : new CancelledError();
    const value = toErrorValue(error);
    return {
      ok: false,
      error: value,
      content: `Error: tool '${modelName}' failed: ${describeForModel(value)}`,
      durationMs: elapsed(),
      toolboxId: target.toolbox.toolboxId,
    };
  } finally {
    timer?.clear();
    if (options.signal) offAbort(options.signal, onAbort);
  }
}

/**
 * The text fed back for a result: its tool's modelFeed (text blocks, media as stubs, never base64) when it has one
 * for this result, else the result's JSON.
 */
function fedContent(target: RegisteredTool | null, result: unknown): { content: string; feed?: ModelFeed } {
  const feed = modelFeedOf(target, result);
  return feed ? { content: feedText(feed), feed } : { content: JSON.stringify(result) };
}

function modelFeedOf(target: RegisteredTool | null, result: unknown): ModelFeed | null {
  return target?.toolbox.tools.get(target.name)?.modelFeed?.(result) ?? null;
}

/** The error message plus its issues or cause, so the model can correct its arguments. */
function describeForModel(error: { message: string; details?: unknown }): string {
  const details = error.details as
    { issues?: { path: (string | number)[]; message: string }[]; cause?: string } | undefined;
  if (details?.issues?.length) return `${error.message} (${issuesText(details.issues, 'input')})`;
  if (details?.cause) return `${error.message}: ${details.cause}`;
  return error.message;
}
