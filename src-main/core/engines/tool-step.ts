import type { ToolCall } from '../../../shared/domain/message';
import { executeToolCall } from '../toolbox';
import { invalidArgumentsOutcome } from './invalid-arguments';
import type { LoopContext } from './loop-context';

/**
 * Runs one tool call of the model through executeToolCall (validation, timeout, cancellation) and traces it:
 * tool_started, then tool_result or tool_error. Returns the text fed back to the model; a failing tool is
 * data for the model, never an exception (only cancellation throws).
 */
export async function runToolCall(ctx: LoopContext, call: ToolCall): Promise<string> {
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
    return outcome.content;
  }
  const execution = await executeToolCall(ctx.registry, call.name, call.arguments, {
    signal: ctx.signal,
    timeoutMs: ctx.toolTimeoutMs,
    sessionId: ctx.sessionId,
  });
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
