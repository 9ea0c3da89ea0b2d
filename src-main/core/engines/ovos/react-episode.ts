import type { AgentMessage } from '../../../../shared/domain/message';
import { BrainTurn } from '../brain-turn';
import type { LoopContext } from '../loop-context';
import { withSystemPrompt } from '../loop-engine';
import { toolSchemas } from '../react-loop';
import { extractFinalAnswer, parseReactReply, withActionInput, type ReactStep } from '../react-parse';
import { buildReactSystemPrompt, MAX_ITERATIONS_PROMPT, observationMessage } from '../react-prompt';
import { runToolCall } from '../tool-step';
import { ask, inRounds, inSpan, limitReached, unparseable } from './phases';

type Action = Extract<ReactStep, { kind: 'action' }>;

/**
 * Runs the action of a ReAct reply through the one tool path and appends the turn and its Observation to `loop`
 * (the reply cut after its Action Input; an edited call's Action Input is the one that ran).
 */
export async function runReactAction(
  ctx: LoopContext,
  turn: BrainTurn,
  step: Action,
  loop: AgentMessage[],
  id: string,
): Promise<void> {
  const call = { id, name: step.action.name, arguments: step.action.arguments };
  turn.emitStep([call]);
  const result = await runToolCall(ctx, call, undefined, { images: true });
  const edited = JSON.stringify(result.arguments) !== JSON.stringify(step.action.arguments);
  loop.push(
    { role: 'assistant', content: edited ? withActionInput(step.turn, result.arguments) : step.turn },
    observationMessage(result, call),
  );
}

/**
 * One inner ReAct run (a Reflexion episode): OVOS's ReAct prompt and parsing, each iteration a span; a reply
 * without an action is the answer (an unparseable one is said so); after `max_iterations` one last request.
 */
export async function runReactEpisode(ctx: LoopContext, messages: AgentMessage[]): Promise<string> {
  const schemas = toolSchemas(ctx);
  const loop = withSystemPrompt(ctx, messages);
  if (schemas.length) loop.unshift({ role: 'system', content: buildReactSystemPrompt(schemas) });
  const max = ctx.maxIterations;
  const answered = await inRounds(ctx, 'iteration', 'Iteration', max, async (_round, spanId) => {
    const turn = await BrainTurn.request(ctx, loop, undefined, 'none');
    const step = parseReactReply(turn.content);
    if (step.kind === 'action') {
      await runReactAction(ctx, turn, step, loop, `${spanId}_react`);
      return null;
    }
    turn.emitInner();
    if (step.kind === 'text')
      unparseable(ctx, 'The reply has neither an Action nor "FINAL_ANSWER:"; its text is taken as the answer.');
    return step.answer;
  });
  if (answered) return answered.value;
  limitReached(ctx, 'max_iterations', `${max} iteration(s) used: the model is asked for its best "FINAL_ANSWER:" now.`);
  loop.push({ role: 'user', content: MAX_ITERATIONS_PROMPT });
  return inSpan(ctx, 'final', 'Final answer, asked for after max_iterations', async () => {
    const text = await ask(ctx, loop);
    return extractFinalAnswer(text) || text;
  });
}
