import type { ModelRequest } from '../../../shared/domain/debug';
import { LOOP_DEFAULTS } from '../../../shared/plugins/engines/loop-config';
import type { ChatEngine } from '../brains/chat-engine';
import type { ToolGate, ToolProgress, ToolRegistry } from '../toolbox';
import type { RunTracer } from './run-tracer';

/** The loop's defaults, as LoopEngineConfig states them. */
export const DEFAULT_MAX_ITERATIONS = LOOP_DEFAULTS.max_iterations;
export const DEFAULT_TOOL_TIMEOUT_S = LOOP_DEFAULTS.tool_timeout_s;
/** 32,000 characters (about 8,000 tokens) of text per tool result: `max_tool_result_chars` in the engine block changes it. */
export const DEFAULT_MAX_TOOL_RESULT_CHARS = LOOP_DEFAULTS.max_tool_result_chars;

/** What an engine is built from (a persona's engine block, resolved). */
export interface EngineSetup {
  brain: ChatEngine | null;
  registry: ToolRegistry;
  /** Tool-call cycles before the forced last answer; default 10. */
  maxIterations?: number;
  /** Per tool call; default 30 s; 0 = none. */
  toolTimeoutMs?: number;
  /** The longest tool result fed back to the model (and traced); longer ones are cut, saying so. */
  maxToolResultChars?: number;
  /** The persona's own system prompt, prepended as a system message. */
  systemPrompt?: string | null;
  /** Request every reply as a stream (true, default) or use continueChat and emit the answer in one delta. */
  stream?: boolean;
  /** The engine block, parsed with the engine's config schema (defaults applied): an engine's own keys. */
  config?: Record<string, unknown>;
}

/**
 * The debugger's hooks into a run, in the loop's two shared paths: `tools` gates every tool call (in
 * executeToolCall), `beforeModel` sees every brain request (in BrainTurn) and may wait, then answers the request
 * to send: null = unchanged; it answers at once (a plain value) when it does not pause. `request` builds the
 * request only when the debugger pauses (most requests pass).
 * Both reject with CancelledError when the signal aborts.
 */
export interface LoopDebugger {
  tools?: ToolGate;
  /** True when `beforeModel` would let the next request go unchanged at once (the loop then does not ask it). */
  passesModel?(): boolean;
  beforeModel?(
    request: () => ModelRequest,
    signal: AbortSignal | undefined,
  ): ModelRequest | null | Promise<ModelRequest | null>;
}

/** Per run: cancellation, the trace, and the debugger's hooks. */
export interface EngineRunOptions {
  signal?: AbortSignal;
  tracer?: RunTracer;
  /** The chat session of the run, passed on to tool calls. */
  sessionId?: string;
  debug?: LoopDebugger;
  /** Progress a running tool reports (MCP progress), by the model's tool call id. */
  onToolProgress?: (toolCallId: string, progress: ToolProgress) => void;
}

/**
 * How a loop ended: the answer and its iterations (tool-call cycles, at most max_iterations). When the limit was
 * reached, `limitReached` is true and one last request without tools (traced as iteration max+1) gave the answer.
 */
export interface LoopResult {
  answer: string;
  iterations: number;
  limitReached?: boolean;
}

/** Everything one run of a loop needs. */
export interface LoopContext {
  brain: ChatEngine;
  registry: ToolRegistry;
  maxIterations: number;
  toolTimeoutMs: number;
  maxToolResultChars: number;
  systemPrompt: string | null;
  stream: boolean;
  signal: AbortSignal | undefined;
  tracer: RunTracer;
  sessionId?: string;
  debug: LoopDebugger | null;
  onToolProgress?: (toolCallId: string, progress: ToolProgress) => void;
}
