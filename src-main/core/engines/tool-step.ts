import type { ToolCall } from '../../../shared/domain/message';
import { executeToolCall } from '../toolbox';
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
  ctx.tracer.emit({ type: 'tool_started', toolCallId: call.id, name: call.name, toolboxId, arguments: call.arguments });
  const execution = await executeToolCall(ctx.registry, call.name, call.arguments, {
    signal: ctx.signal,
    timeoutMs: ctx.toolTimeoutMs,
    ...(ctx.debug?.tools ? { gate: ctx.debug.tools, call: { toolCallId: call.id, ...place } } : {}),
  });
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
