import type { AgentMessage } from '../../../../shared/domain/message';
import { ReflexionConfig } from '../../../../shared/plugins/engines/reflexion-config';
import { defineEngine } from '../engine-descriptor';
import type { LoopContext, LoopResult } from '../loop-context';
import { LoopEngine } from '../loop-engine';
import { answerWith, ask, inRounds, inSpan, lastUserText, leaf, limitReached, unparseable } from './phases';
import { runReactEpisode } from './react-episode';

const EVALUATOR_PROMPT = `You are evaluating whether an AI assistant's answer fully and correctly satisfies
the user's request.

User request: {request}

Assistant answer: {answer}

Reply with exactly one of:
  SATISFACTORY   — if the answer is complete, accurate, and directly addresses the request.
  UNSATISFACTORY — if the answer is incomplete, incorrect, or evasive.

Then on the next line briefly explain why (one sentence).
`;

const REFLECTOR_PROMPT = `You are a self-reflection assistant.  The AI agent below attempted to answer a
user's request but the answer was judged unsatisfactory.

User request: {request}

Agent's answer: {answer}

Evaluator feedback: {feedback}

Write a concise reflection (2–4 sentences) that will help the agent do better on
the next attempt.  Focus on:
- What went wrong (wrong tool used, missing information, incorrect reasoning).
- What to do differently next time.

Begin your reflection with "Reflection: ".
`;

const REFLECTIONS_PREFIX = `You have attempted this task before and reflected on your previous mistakes.
Apply these lessons to do better this time:

{reflections}

`;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** An evaluator's reply: satisfactory only when it starts with SATISFACTORY (OVOS's rule); `clear` = it starts with either word. */
export function parseVerdict(text: string): { satisfactory: boolean; clear: boolean } {
  const upper = text.trim().toUpperCase();
  const satisfactory = upper.startsWith('SATISFACTORY');
  return { satisfactory, clear: satisfactory || upper.startsWith('UNSATISFACTORY') };
}

/**
 * OVOS's ReflexionEngine (`ovos-reflexion-loop`): up to `max_reflections` episodes of the inner ReAct loop (each
 * `max_iterations` at most); after each the model judges the answer; an UNSATISFACTORY one gets a reflection that
 * the next episode sees in a system message. The last answer stands when the episodes run out.
 */
export class ReflexionEngine extends LoopEngine {
  readonly id: string = reflexionEngine.id;

  protected async loop(messages: AgentMessage[], ctx: LoopContext): Promise<LoopResult> {
    const { max_reflections: max } = ReflexionConfig.parse(this.setup.config ?? {});
    const request = lastUserText(messages);
    const reflections: string[] = [];
    let answer = '';
    const satisfied = await inRounds(
      ctx,
      'episode',
      'Episode',
      max,
      async (episode): Promise<true | null> => {
        const prefix = reflections.length
          ? [
              {
                role: 'system' as const,
                content: fill(REFLECTIONS_PREFIX, { reflections: reflections.map((r) => `- ${r}`).join('\n') }),
              },
            ]
          : [];
        answer = await runReactEpisode(ctx, [...prefix, ...messages]);
        leaf(ctx, 'answer', 'Answer', answer);
        const feedback = await inSpan(
          ctx,
          'verdict',
          'Verdict',
          async () => (await ask(ctx, [{ role: 'user', content: fill(EVALUATOR_PROMPT, { request, answer }) }])).trim(),
          (text) => ({ text, satisfactory: parseVerdict(text).satisfactory }),
        );
        const verdict = parseVerdict(feedback);
        if (!verdict.clear)
          unparseable(
            ctx,
            'The verdict starts with neither SATISFACTORY nor UNSATISFACTORY; it counts as unsatisfactory.',
          );
        if (verdict.satisfactory) return true;
        if (episode < max) {
          const prompt = fill(REFLECTOR_PROMPT, { request, answer, feedback });
          reflections.push(
            await inSpan(ctx, 'reflection', 'Reflection', async () =>
              (await ask(ctx, [{ role: 'user', content: prompt }])).trim(),
            ),
          );
        }
        return null;
      },
      (ok) => ({ text: answer, satisfactory: ok !== null }),
    );
    if (satisfied) {
      return answerWith(ctx, answer, satisfied.round);
    }
    limitReached(
      ctx,
      'max_reflections',
      `No answer was judged satisfactory in ${max} episode(s): the last one stands.`,
    );
    return answerWith(ctx, answer, max);
  }
}

/** The `ovos-reflexion-loop` plugin. */
export const reflexionEngine = defineEngine({
  id: 'ovos-reflexion-loop',
  title: 'Reflexion',
  description:
    'ReAct with self-correction: after each attempt the model judges its answer; when it is not satisfied it writes a lesson and tries again with it. Choose it when correctness matters and a first attempt often fails (arithmetic, code, filling exact slots). Costs a full ReAct run, a verdict and a reflection per attempt; the judge can be wrong.',
  config: ReflexionConfig,
  create: (setup) => new ReflexionEngine(setup),
});
