import type { ErrorValue } from '../../../shared/domain/errors';
import type { JsonSchema } from '../../../shared/domain/tool';

/** One tool call as a gate sees it before it runs. */
export interface GatedCall {
  /** The model's call id ('' for a manual call from a form). */
  toolCallId: string;
  /** The name the model (or the form) used. */
  modelName: string;
  toolboxId: string | null;
  /** The toolbox's own name for the tool; null when no toolbox offers it. */
  toolName: string | null;
  /** The arguments as the model gave them. */
  arguments: Record<string, unknown>;
  /** The tool's JSON Schemas (computed when asked: most calls pass a gate without a pause); null when unknown. */
  schemas(): { argumentSchema: JsonSchema; outputSchema: JsonSchema } | null;
  /** Position among the calls of one assistant turn, from 0; and how many there are. */
  index: number;
  count: number;
}

/**
 * What a gate decides about a call: run it (with these arguments, maybe edited), mock its result (the tool does
 * not run), mock a failure (`fail`: the tool does not run, the model sees this error; persona tests' error mocks),
 * or refuse it (`tool_denied` by the user, or `approval_required` when nobody can approve).
 */
export type GateDecision =
  | { kind: 'run'; arguments: Record<string, unknown> }
  | { kind: 'mock'; result: Record<string, unknown> }
  | { kind: 'fail'; error: ErrorValue }
  | { kind: 'deny'; reason?: string; code?: 'tool_denied' | 'approval_required'; message?: string };

/**
 * The optional hook of the one tool-execution path (executeToolCall): the debugger and the approval policy
 * plug in here. `before` answers at once (a plain value) when it lets the call pass, or with a promise when it
 * waits (a paused run; the time is traced as paused). The call's timeout starts only after it answers.
 * `afterError`, when given, sees a failed call and may retry, mock or refuse it; null keeps the error.
 * A waiting gate rejects with CancelledError when the signal aborts.
 */
export interface ToolGate {
  /**
   * True when `before` would let a call of this tool run as it is, at once, whatever its arguments (most calls while
   * debugging): executeToolCall then asks nothing more and builds nothing for the gate. Optional; false or absent
   * means "ask `before`".
   */
  passes?(modelName: string, toolboxId: string | null, toolName: string | null): boolean;
  before(call: GatedCall, signal: AbortSignal | undefined): GateDecision | Promise<GateDecision>;
  afterError?(
    call: GatedCall,
    ran: Record<string, unknown>,
    error: ErrorValue,
    signal: AbortSignal | undefined,
  ): GateDecision | null | Promise<GateDecision | null>;
}

/** What the gate did to a call, as the trace keeps it. */
export interface GateOutcome {
  /** The arguments that ran (the model's when nothing ran). */
  arguments: Record<string, unknown>;
  /** The model's arguments, when the user's edit differs from them. */
  originalArguments?: Record<string, unknown>;
  mocked?: boolean;
  denied?: { reason: string | null };
  /** Whole ms spent in the gate (paused), excluded from durationMs; absent when under 1 ms. */
  pausedMs?: number;
}
