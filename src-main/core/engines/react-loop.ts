import type { AgentMessage } from '../../../shared/domain/message';
import { LoopEngineConfig } from '../../../shared/plugins/engines/loop-config';
import { BrainTurn } from './brain-turn';
import { defineEngine } from './engine-descriptor';
import type { LoopContext, LoopResult } from './loop-context';
import { LoopEngine, withSystemPrompt } from './loop-engine';
import { extractFinalAnswer, parseReactReply, withActionInput } from './react-parse';
import { buildReactSystemPrompt, MAX_ITERATIONS_PROMPT, observationMessage } from './react-prompt';
import { runToolCall } from './tool-step';

/**
 * OVOS's ReActLoopEngine (`ovos-react-loop`): the text protocol. The model writes Thought / Action /
 * Action Input or FINAL_ANSWER:; each action runs a tool and its result comes back as a user
 * `Observation:` message; after max_iterations one last request asks for the final answer.
 */
export class ReActLoopEngine extends LoopEngine {
  readonly id: string = reactLoopEngine.id;

  protected loop(messages: AgentMessage[], ctx: LoopContext): Promise<LoopResult> {
    return runReactLoop(messages, ctx);
  }
}

/** The `ovos-react-loop` plugin. */
export const reactLoopEngine = defineEngine({
  id: 'ovos-react-loop',
  title: 'ReAct',
  description:
    'The text protocol (Thought / Action / Action Input / Observation / FINAL_ANSWER:) for any brain, tool-capable or not. Choose it for a general assistant using tools one at a time: simple and predictable, one request per step, but it cannot go back on a wrong tool call.',
  config: LoopEngineConfig,
  create: (setup) => new ReActLoopEngine(setup),
});

/** The tool schemas listed in the ReAct prompt, under the names the model must use. */
export function toolSchemas(ctx: LoopContext): unknown[] {
  return ctx.registry.offeredInfos().map((t) => ({
    name: t.modelName,
    description: t.description,
    argument_schema: t.argument_schema,
    output_schema: t.output_schema,
  }));
}

/** The ReAct loop; also the native engine's path for brains without native tool calling. */
export async function runReactLoop(messages: AgentMessage[], ctx: LoopContext): Promise<LoopResult> {
  const schemas = toolSchemas(ctx);
  const loop = withSystemPrompt(ctx, messages);
  if (schemas.length) loop.unshift({ role: 'system', content: buildReactSystemPrompt(schemas) });
  for (let i = 1; i <= ctx.maxIterations; i++) {
    ctx.tracer.iteration = i;
    const turn = await BrainTurn.request(ctx, loop, undefined, 'react');
    const text = turn.content;
    const step = parseReactReply(text);
    if (step.kind !== 'action') {
      turn.emitFinal(step.answer);
      return { answer: step.answer, iterations: i };
    }
    const action = step.action;
    const call = { id: `react_${i}`, name: action.name, arguments: action.arguments };
    turn.emitStep([call]);
    const result = await runToolCall(ctx, call, undefined, { images: true });
    // The conversation keeps the reply up to its Action Input: an Observation the model wrote itself would contradict the real one.
    // An edited call's Action Input is the one that ran.
    const edited = JSON.stringify(result.arguments) !== JSON.stringify(action.arguments);
    const asked = edited ? withActionInput(step.turn, result.arguments) : step.turn;
    loop.push({ role: 'assistant', content: asked }, observationMessage(result, call));
  }
  ctx.tracer.iteration = ctx.maxIterations + 1;
  loop.push({ role: 'user', content: MAX_ITERATIONS_PROMPT });
  const turn = await BrainTurn.request(ctx, loop, undefined, 'react');
  const answer = extractFinalAnswer(turn.content) || turn.content;
  turn.emitFinal(answer);
  return { answer, iterations: ctx.maxIterations, limitReached: true };
}
