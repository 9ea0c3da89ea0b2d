import type { ToolCall } from '../../../shared/domain/message';
import { executeToolCall } from '../toolbox';
import type { LoopContext } from './loop-context';

/**
 * A tool result past the limit, cut there with a note the model and the trace both see; null when it fits. The
 * rest never reaches the provider, the window or the session file.
 */
export function limitToolResult(content: string, limit: number): string | null {
  if (content.length <= limit) return null;
  return `${content.slice(0, limit)}\n[The tool's result was ${content.length.toLocaleString('en')} characters; only the first ${limit.toLocaleString('en')} are kept (the engine's max_tool_result_chars setting).]`;
}

/**
 * Runs one tool call of the model through executeToolCall (validation, timeout, cancellation) and traces it:
 * tool_started, then tool_result or tool_error. Returns the text fed back to the model; a failing tool is
 * data for the model, never an exception (only cancellation throws).
 */
export async function runToolCall(ctx: LoopContext, call: ToolCall): Promise<string> {
  const toolboxId = ctx.registry.resolve(call.name)?.toolbox.toolboxId ?? null;
  ctx.tracer.emit({ type: 'tool_started', toolCallId: call.id, name: call.name, toolboxId, arguments: call.arguments });
  const execution = await executeToolCall(ctx.registry, call.name, call.arguments, {
    signal: ctx.signal,
    timeoutMs: ctx.toolTimeoutMs,
  });
  const cut = limitToolResult(execution.content, ctx.maxToolResultChars);
  if (cut) {
    execution.content = cut;
    if (execution.ok) execution.result = { truncated: true, note: 'The result was cut; its start is in content.' };
  }
  if (execution.ok) {
    ctx.tracer.emit({
      type: 'tool_result',
      toolCallId: call.id,
      name: call.name,
      toolboxId: execution.toolboxId,
      arguments: call.arguments,
      result: execution.result,
      content: execution.content,
      durationMs: execution.durationMs,
    });
  } else {
    ctx.tracer.emit({
      type: 'tool_error',
      toolCallId: call.id,
      name: call.name,
      toolboxId: execution.toolboxId,
      arguments: call.arguments,
      error: execution.error,
      content: execution.content,
      durationMs: execution.durationMs,
    });
  }
  return execution.content;
}
