import type { AgentMessage } from '../../../../shared/domain/message';
import { PromptOnlyConfig } from '../../../../shared/plugins/engines/loop-config';
import { BrainTurn } from '../brain-turn';
import { defineEngine } from '../engine-descriptor';
import type { LoopContext, LoopResult } from '../loop-context';
import { LoopEngine } from '../loop-engine';
import { unparseable } from './phases';

const COT_PROMPT = `Think through the problem step by step before giving your final answer.

Format your response as:
Step 1: <reasoning>
Step 2: <reasoning>
...
FINAL ANSWER: <concise answer>

Rules:
- Work through every relevant step explicitly.
- Do not skip steps.
- Put ONLY the final answer after "FINAL ANSWER:" — no extra reasoning.
`;
const MARKER = 'FINAL ANSWER:';

/** The trimmed text after the first `FINAL ANSWER:` (any case); null without it. */
export function extractCotAnswer(text: string): string | null {
  const idx = text.toUpperCase().indexOf(MARKER);
  return idx === -1 ? null : text.slice(idx + MARKER.length).trim();
}

/**
 * OVOS's ChainOfThoughtEngine (`ovos-chain-of-thought-loop`, alias `ovos-chain-of-thought`): one request whose
 * system message is the persona's system prompt, a blank line, then the step-by-step instruction; the answer is the
 * text after `FINAL ANSWER:`, or the whole reply without it. Tools are not used.
 */
export class ChainOfThoughtEngine extends LoopEngine {
  readonly id: string = chainOfThoughtEngine.id;

  protected async loop(messages: AgentMessage[], ctx: LoopContext): Promise<LoopResult> {
    const system = (ctx.systemPrompt ? `${ctx.systemPrompt}\n\n` : '') + COT_PROMPT;
    const turn = await BrainTurn.request(ctx, [{ role: 'system', content: system }, ...messages], undefined, 'none');
    const extracted = extractCotAnswer(turn.content);
    if (extracted === null) unparseable(ctx, 'The reply has no "FINAL ANSWER:"; the whole reply is the answer.');
    const answer = extracted ?? turn.content;
    turn.emitFinal(answer);
    return { answer, iterations: 1 };
  }
}

/** The `ovos-chain-of-thought-loop` plugin; OVOS's Reasoner example names it `ovos-chain-of-thought`. */
export const chainOfThoughtEngine = defineEngine({
  id: 'ovos-chain-of-thought-loop',
  aliases: ['ovos-chain-of-thought'],
  title: 'Chain of thought',
  description:
    'One request that asks the model to reason step by step and end with "FINAL ANSWER:". No tools, no loop: the fastest and cheapest. Choose it for arithmetic, logic and instructions that need no outside information, and as the baseline to compare the other loops with.',
  config: PromptOnlyConfig,
  create: (setup) => new ChainOfThoughtEngine(setup),
});
