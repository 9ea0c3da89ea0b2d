import type { AgentMessage, ImagePart, ToolCall } from '../../../shared/domain/message';
import { LoopEngineConfig } from '../../../shared/plugins/engines/loop-config';
import { BrainTurn } from './brain-turn';
import { defineEngine } from './engine-descriptor';
import type { LoopContext, LoopResult } from './loop-context';
import { withSystemPrompt } from './loop-engine';
import { ReActLoopEngine, runReactLoop } from './react-loop';
import { imageLabel, STEP_IMAGES_TEXT } from './step-images';
import { imageParts } from '../toolbox/model-feed';
import { runToolCall } from './tool-step';

/**
 * OVOS's NativeToolCallEngine (`ovos-native-toolcall-loop`): the persona's tools go to the brain as `tools`,
 * its structured tool_calls run in order, each result comes back as a TOOL message after the assistant turn
 * that asked for it; after max_iterations one last request without tools. A brain without native tool
 * calling (`supportsTools` false) gets the ReAct text loop instead.
 */
export class NativeToolCallEngine extends ReActLoopEngine {
  override readonly id: string = nativeToolCallEngine.id;

  protected override loop(messages: AgentMessage[], ctx: LoopContext): Promise<LoopResult> {
    return ctx.brain.supportsTools ? runNativeLoop(messages, ctx) : runReactLoop(messages, ctx);
  }
}

/** The `ovos-native-toolcall-loop` plugin. */
export const nativeToolCallEngine = defineEngine({
  id: 'ovos-native-toolcall-loop',
  title: 'Native tool calls',
  description:
    "The brain's own function calling: tools go out as `tools`, structured tool_calls come back, each result returns as a TOOL message. Falls back to ReAct when the brain does not support tools. Choose it first when the model supports function calling: the most reliable way to use tools.",
  config: LoopEngineConfig,
  create: (setup) => new NativeToolCallEngine(setup),
});

async function runNativeLoop(messages: AgentMessage[], ctx: LoopContext): Promise<LoopResult> {
  const offered = ctx.registry.openaiTools();
  const tools = offered.length ? offered : undefined;
  const loop = withSystemPrompt(ctx, messages);
  for (let i = 1; i <= ctx.maxIterations; i++) {
    ctx.tracer.iteration = i;
    const turn = await BrainTurn.request(ctx, loop, tools, 'live');
    const calls = turn.toolCalls;
    if (!calls.length) {
      turn.emitFinal(turn.content);
      return { answer: turn.content, iterations: i };
    }
    turn.emitStep(calls);
    // The assistant turn carries what actually ran (a debugger's edit), so no result contradicts its call.
    const ran: ToolCall[] = [];
    const results: AgentMessage[] = [];
    const images: ImagePart[] = [];
    for (const [index, call] of calls.entries()) {
      const step = await runToolCall(
        ctx,
        call,
        { index, count: calls.length },
        { images: true, firstImage: images.length + 1 },
      );
      ran.push({ ...call, arguments: step.arguments });
      results.push({ role: 'tool', content: step.content, toolCallId: call.id, name: call.name });
      images.push(...imageParts(step.images, (i) => imageLabel(images.length + i + 1, call)));
    }
    loop.push({ role: 'assistant', content: turn.content, toolCalls: ran }, ...results);
    // TOOL messages carry text only: a vision brain gets the step's images in one user message right after them.
    if (images.length) loop.push({ role: 'user', content: STEP_IMAGES_TEXT, images });
  }
  ctx.tracer.iteration = ctx.maxIterations + 1;
  const turn = await BrainTurn.request(ctx, loop, undefined, 'live');
  turn.emitFinal(turn.content);
  return { answer: turn.content, iterations: ctx.maxIterations, limitReached: true };
}
