import type { ErrorValue } from '../../../shared/domain/errors';
import type { ToolCall } from '../../../shared/domain/message';
import { toolSwitchKey } from '../../../shared/domain/tool-switches';
import {
  executeToolCall,
  feedImages,
  feedText,
  type ExecuteOptions,
  type FeedMedia,
  type ToolProgress,
} from '../toolbox';
import { invalidArgumentsOutcome } from './invalid-arguments';
import type { LoopContext } from './loop-context';

/** A tool call's place in its assistant turn (parallel calls pause one at a time, in order). */
export interface CallPlace {
  index: number;
  count: number;
}

/**
 * What a traced tool call fed back: the text for the model (never base64), the images to send after it (only when
 * asked for and the brain accepts images) and the arguments that ran (maybe edited).
 */
export interface ToolStepResult {
  content: string;
  images: FeedMedia[];
  arguments: Record<string, unknown>;
}

/** How the caller feeds the result back: `images` = it can send a vision brain image parts, numbered from `firstImage`. */
export interface FeedOptions {
  images?: boolean;
  firstImage?: number;
}

/**
 * A tool result's text past the limit, cut there with a marker the model sees; null when it fits. The trace keeps
 * the whole result (its `result`) and warns with a loop_notice.
 */
export function limitToolResult(content: string, limit: number): string | null {
  if (content.length <= limit) return null;
  return `${content.slice(0, limit)}\n[The tool's result was ${content.length.toLocaleString('en')} characters; only the first ${limit.toLocaleString('en')} are kept (the engine's max_tool_result_chars setting).]`;
}

/** The refusal of a call to a tool the persona turned off (the model was not offered it); null for any other tool. */
function turnedOff(ctx: LoopContext, name: string): { error: ErrorValue; content: string } | null {
  const entry = ctx.registry.resolve(name);
  if (!entry || !ctx.registry.disabled.has(toolSwitchKey(entry.toolbox.toolboxId, entry.name))) return null;
  const message = `Tool '${name}' is turned off in this persona (persona_studio.tools.disabled).`;
  return { error: { code: 'tool_not_found', message }, content: `Error: tool '${name}' was not run: ${message}` };
}

/**
 * Runs one tool call of the model through executeToolCall (gate, validation, timeout, cancellation) and traces
 * it: tool_started, then tool_result or tool_error with what the debugger changed. A failing tool is data for
 * the model, never an exception (only cancellation throws).
 */
export async function runToolCall(
  ctx: LoopContext,
  call: ToolCall,
  place: CallPlace = { index: 0, count: 1 },
  feedOptions: FeedOptions = {},
): Promise<ToolStepResult> {
  const toolboxId = ctx.registry.resolve(call.name)?.toolbox.toolboxId ?? null;
  const raw = call.rawArguments === undefined ? {} : { rawArguments: call.rawArguments };
  ctx.tracer.emit({
    type: 'tool_started',
    toolCallId: call.id,
    name: call.name,
    toolboxId,
    arguments: call.arguments,
    ...raw,
  });
  const off = call.rawArguments === undefined ? turnedOff(ctx, call.name) : null;
  if (call.rawArguments !== undefined || off) {
    const outcome = off ?? invalidArgumentsOutcome({ ...call, rawArguments: call.rawArguments! });
    ctx.tracer.emit({
      type: 'tool_error',
      toolCallId: call.id,
      name: call.name,
      toolboxId,
      arguments: call.arguments,
      ...raw,
      ...outcome,
      durationMs: 0,
    });
    return { content: outcome.content, images: [], arguments: call.arguments };
  }
  const options: ExecuteOptions = { signal: ctx.signal, timeoutMs: ctx.toolTimeoutMs, sessionId: ctx.sessionId };
  if (ctx.onToolProgress) options.onProgress = (p: ToolProgress) => ctx.onToolProgress!(call.id, p);
  if (ctx.debug?.tools) {
    options.gate = ctx.debug.tools;
    options.call = { toolCallId: call.id, index: place.index, count: place.count };
  }
  const execution = await executeToolCall(ctx.registry, call.name, call.arguments, options);
  const feed = execution.ok ? execution.feed : undefined;
  const images = feed && ctx.brain.vision && feedOptions.images ? feedImages(feed) : [];
  if (feed && images.length) execution.content = feedText(feed, true, feedOptions.firstImage ?? 1);
  const whole = execution.content.length;
  const cut = limitToolResult(execution.content, ctx.maxToolResultChars);
  if (cut) execution.content = cut;
  const debug = {
    ...(execution.originalArguments ? { originalArguments: execution.originalArguments } : {}),
    ...(execution.mocked ? { mocked: true } : {}),
    ...(execution.pausedMs ? { pausedMs: execution.pausedMs } : {}),
  };
  if (execution.ok) {
    ctx.tracer.emit({
      type: 'tool_result',
      toolCallId: call.id,
      name: call.name,
      toolboxId: execution.toolboxId,
      arguments: execution.arguments,
      result: execution.result,
      content: execution.content,
      durationMs: execution.durationMs,
      ...debug,
    });
  } else {
    ctx.tracer.emit({
      type: 'tool_error',
      toolCallId: call.id,
      name: call.name,
      toolboxId: execution.toolboxId,
      arguments: execution.arguments,
      error: execution.error,
      content: execution.content,
      durationMs: execution.durationMs,
      ...debug,
      ...(execution.denied ? { denied: execution.denied } : {}),
    });
  }
  if (cut)
    ctx.tracer.emit({
      type: 'loop_notice',
      reason: 'limit_reached',
      limit: 'max_tool_result_chars',
      toolCallId: call.id,
      message: `The result of '${call.name}' has ${whole.toLocaleString('en')} characters of text; the model got the first ${ctx.maxToolResultChars.toLocaleString('en')} and a note saying so. The trace keeps the whole result.`,
    });
  return { content: execution.content, images, arguments: execution.arguments };
}
