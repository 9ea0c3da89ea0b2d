import type { AgentMessage } from '../../../../shared/domain/message';
import { SelfAskConfig } from '../../../../shared/plugins/engines/self-ask-config';
import { BrainTurn } from '../brain-turn';
import { defineEngine } from '../engine-descriptor';
import type { LoopContext, LoopResult } from '../loop-context';
import { LoopEngine, withSystemPrompt } from '../loop-engine';
import { answerWith, ask, inRounds, inSpan, leaf, limitReached, queryTool, toolNames, unparseable } from './phases';

const FINAL_PREFIX = 'So the final answer is:';
const INTERMEDIATE_PREFIX = 'Intermediate answer:';

const SYSTEM_PROMPT = `Answer questions by decomposing them into simpler follow-up questions.

Rules:
1. First ask: "Are follow up questions needed here?"
2. If Yes: emit "Follow up: <sub-question>" — ONE sub-question at a time.
3. After each "Intermediate answer:" decide if more follow-ups are needed.
4. When you have enough information, emit:
   "So the final answer is: <answer>"

{tool_note}

Example:
Question: Who is the CEO of the company that makes the iPhone?
Are follow up questions needed here? Yes.
Follow up: Which company makes the iPhone?
Intermediate answer: Apple Inc.
Follow up: Who is the CEO of Apple Inc.?
Intermediate answer: Tim Cook.
So the final answer is: Tim Cook.
`;

const TOOL_NOTE = `To answer a follow-up question, call a search/lookup tool using EXACTLY this format:
  Tool: <tool_name>
  Tool Input: <query string>
Available tools: {tool_names}
`;
const NO_TOOLS_NOTE = '(No external tools available — answer from your own knowledge.)';
const MAX_FOLLOW_UPS_PROMPT = `You have asked the maximum number of follow-up questions. Synthesize what you know and answer: ${FINAL_PREFIX}`;

/** The system prompt with the tool note: the tools by name, or OVOS's no-tools note. */
export function selfAskSystemPrompt(names: string[]): string {
  const note = names.length ? TOOL_NOTE.replace('{tool_names}', () => names.join(', ')) : NO_TOOLS_NOTE;
  return SYSTEM_PROMPT.replace('{tool_note}', () => note);
}

/** What a Self-Ask reply asks for: the final answer, a named tool, a follow-up question, or none of them. */
export type SelfAskStep =
  | { kind: 'final'; answer: string }
  | { kind: 'tool'; tool: string; query: string; followUp: string | null }
  | { kind: 'follow_up'; question: string }
  | { kind: 'text' };

/** Decides a Self-Ask reply in OVOS's order: final answer (any case), `Tool:` + `Tool Input:`, `Follow up:`. */
export function parseSelfAsk(text: string): SelfAskStep {
  const idx = text.toLowerCase().indexOf(FINAL_PREFIX.toLowerCase());
  if (idx !== -1) return { kind: 'final', answer: text.slice(idx + FINAL_PREFIX.length).trim() };
  const followUp = /Follow up:\s*(.+)/i.exec(text)?.[1].trim() ?? null;
  const tool = /Tool:\s*(\S+)/i.exec(text);
  const input = /Tool Input:\s*(.+)/i.exec(text);
  if (tool && input) return { kind: 'tool', tool: tool[1].trim(), query: input[1].trim(), followUp };
  if (followUp) return { kind: 'follow_up', question: followUp };
  return { kind: 'text' };
}

/**
 * OVOS's SelfAskEngine (`ovos-self-ask-loop`): the model splits the question into follow-ups; each is answered by a
 * tool (the one it names with `Tool:`, else the first tool) and comes back as `Intermediate answer:`, until
 * `So the final answer is:`; after `max_follow_ups` the model is told to answer.
 */
export class SelfAskEngine extends LoopEngine {
  readonly id: string = selfAskEngine.id;

  protected async loop(messages: AgentMessage[], ctx: LoopContext): Promise<LoopResult> {
    const { max_follow_ups: max } = SelfAskConfig.parse(this.setup.config ?? {});
    const names = toolNames(ctx);
    const loop: AgentMessage[] = [
      { role: 'system', content: selfAskSystemPrompt(names) },
      ...withSystemPrompt(ctx, messages),
    ];
    const answered = await inRounds(ctx, 'follow_up', 'Follow-up', max, async (_round, spanId) => {
      const turn = await BrainTurn.request(ctx, loop, undefined, 'none');
      turn.emitInner();
      const text = turn.content;
      const step = parseSelfAsk(text);
      if (step.kind === 'final') return step.answer;
      if (step.kind === 'text' || (step.kind === 'follow_up' && !names.length)) {
        unparseable(
          ctx,
          step.kind === 'text'
            ? 'The reply has no "Follow up:", "Tool:" or "So the final answer is:"; its text is taken as the answer.'
            : 'The reply asks a follow-up but the persona has no tools; its text is taken as the answer.',
        );
        return text;
      }
      // OVOS: a bare follow-up goes to the first tool of the first toolbox (discovery order, not sorted).
      const first = ctx.registry.offeredInfos()[0].modelName;
      const [tool, query] = step.kind === 'tool' ? [step.tool, step.query] : [first, step.question];
      const observation = await queryTool(ctx, `${spanId}_ask`, tool, query);
      leaf(ctx, 'intermediate_answer', 'Intermediate answer', observation);
      loop.push(
        { role: 'assistant', content: text },
        { role: 'user', content: `${INTERMEDIATE_PREFIX} ${observation}` },
      );
      return null;
    });
    if (answered) {
      return answerWith(ctx, answered.value, answered.round);
    }
    limitReached(ctx, 'max_follow_ups', `${max} follow-up(s) asked: the model is told to give its final answer now.`);
    loop.push({ role: 'user', content: MAX_FOLLOW_UPS_PROMPT });
    const answer = await inSpan(ctx, 'final', 'Final answer, asked for after max_follow_ups', async () => {
      const text = await ask(ctx, loop);
      const step = parseSelfAsk(text);
      return step.kind === 'final' ? step.answer : text;
    });
    return answerWith(ctx, answer, max + 1);
  }
}

/** The `ovos-self-ask-loop` plugin. */
export const selfAskEngine = defineEngine({
  id: 'ovos-self-ask-loop',
  title: 'Self-Ask',
  description:
    'Splits a question into follow-up questions, answers each with one tool (usually a search) and combines the intermediate answers. Choose it for multi-hop questions ("who leads the country that won…") with a single search-like tool; its plain "Follow up:" grammar suits small models. Not for tools with several arguments or side effects.',
  config: SelfAskConfig,
  create: (setup) => new SelfAskEngine(setup),
});
