import type { ToolCall } from '../../../shared/domain/message';
import { executeToolCall, type ToolProgress } from '../toolbox';
import { invalidArgumentsOutcome } from './invalid-arguments';
import type { LoopContext } from './loop-context';

/** A tool call's place in its assistant turn (parallel calls pause one at a time, in order). */
export interface CallPlace {
  index: number;
  count: number;
}

/** What a traced tool call fed back: the text for the model and the arguments that ran (maybe edited). */
export interface ToolStepResult {
  content: string;
  arguments: Record<string, unknown>;
}

/**
 * A tool result past the limit, cut there with a note the model and the trace both see; null when it fits. The
 * rest never reaches the provider, the window or the session file.
 */
export function limitToolResult(content: string, limit: number): string | null {
  if (content.length <= limit) return null;
  return `${content.slice(0, limit)}\n[The tool's result was ${content.length.toLocaleString('en')} characters; only the first ${limit.toLocaleString('en')} are kept (the engine's max_tool_result_chars setting).]`;
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
  if (call.rawArguments !== undefined) {
    const outcome = invalidArgumentsOutcome({ ...call, rawArguments: call.rawArguments });
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
    return { content: outcome.content, arguments: call.arguments };
  }
  const execution = await executeToolCall(ctx.registry, call.name, call.arguments, {
    signal: ctx.signal,
    timeoutMs: ctx.toolTimeoutMs,
    sessionId: ctx.sessionId,
    ...(ctx.onToolProgress ? { onProgress: (p: ToolProgress) => ctx.onToolProgress!(call.id, p) } : {}),
    ...(ctx.debug?.tools ? { gate: ctx.debug.tools, call: { toolCallId: call.id, ...place } } : {}),
  });
  const cut = limitToolResult(execution.content, ctx.maxToolResultChars);
  if (cut) {
    execution.content = cut;
    if (execution.ok) execution.result = { truncated: true, note: 'The result was cut; its start is in content.' };
  }
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
  return { content: execution.content, arguments: execution.arguments };
}
