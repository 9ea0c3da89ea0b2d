import { LOOP_DEFAULTS } from '../../../shared/plugins/engines/loop-config';
import type { ChatEngine } from '../brains/chat-engine';
import type { ToolRegistry } from '../toolbox';
import type { RunTracer } from './run-tracer';

/** The loop's defaults, as LoopEngineConfig states them. */
export const DEFAULT_MAX_ITERATIONS = LOOP_DEFAULTS.max_iterations;
export const DEFAULT_TOOL_TIMEOUT_S = LOOP_DEFAULTS.tool_timeout_s;
/** 1 M characters (about 250,000 tokens): `max_tool_result_chars` in the engine block changes it. */
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

/** Per run: cancellation and the trace. */
export interface EngineRunOptions {
  signal?: AbortSignal;
  tracer?: RunTracer;
}

/** How a loop ended: the answer and the number of iterations it took (max+1 when the last answer was forced). */
export interface LoopResult {
  answer: string;
  iterations: number;
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
}
