import type { AgentMessage } from '../../../../shared/domain/message';
import { TreeOfThoughtsConfig } from '../../../../shared/plugins/engines/tree-of-thoughts-config';
import { defineEngine } from '../engine-descriptor';
import type { LoopContext, LoopResult } from '../loop-context';
import { LoopEngine } from '../loop-engine';
import { answerWith, ask, inRounds, inSpan, lastUserText, limitReached, unparseable } from './phases';

const GENERATOR_PROMPT = `You are solving a problem step by step.

Problem: {problem}

{history}
Generate the next reasoning step.  Think creatively — this is ONE of several
parallel approaches being explored.  Be concise (2–4 sentences).
Do NOT write "Step N:" — just write the reasoning.
If you have reached a complete answer, end with: ANSWER: <your answer>
`;

const EVALUATOR_PROMPT = `Rate the following reasoning step for solving the given problem.

Problem: {problem}

Reasoning so far:
{history}

New step: {thought}

Score this step 0–10 where:
  10 = clearly correct, directly advances to the solution
   5 = plausible but uncertain
   0 = clearly wrong or irrelevant

Reply with ONLY a number (0–10) on the first line, then one sentence explaining.
`;
const MARKER = 'ANSWER:';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** A branch's thoughts as OVOS numbers them ("Step 1: ..."), or "(no steps yet)". */
export function historyText(history: string[]): string {
  return history.length ? history.map((t, i) => `Step ${i + 1}: ${t}`).join('\n') : '(no steps yet)';
}

/** The trimmed text after the first `ANSWER:` (any case); null without it. */
export function extractThoughtAnswer(text: string): string | null {
  const idx = text.toUpperCase().indexOf(MARKER);
  return idx === -1 ? null : text.slice(idx + MARKER.length).trim();
}

/** An evaluator's score: its first number, clamped to 0-10; null when it has none (OVOS then uses 5). */
export function parseScore(text: string): number | null {
  const match = /\b(\d+(?:\.\d+)?)\b/.exec(text);
  return match ? Math.min(10, Math.max(0, Number(match[1]))) : null;
}

interface Candidate {
  spanId: string;
  history: string[];
  score: number;
}

/**
 * OVOS's TreeOfThoughtsEngine (`ovos-tree-of-thoughts-loop`): a beam search. Per level every kept branch gets
 * `n_branches` candidate thoughts, each scored 0-10 by the model; the best `beam_width` go on. A thought with
 * `ANSWER:` ends the search at once; after `max_depth` levels the best branch is asked for its answer.
 */
export class TreeOfThoughtsEngine extends LoopEngine {
  readonly id: string = treeOfThoughtsEngine.id;

  protected async loop(messages: AgentMessage[], ctx: LoopContext): Promise<LoopResult> {
    const config = TreeOfThoughtsConfig.parse(this.setup.config ?? {});
    const problem = lastUserText(messages);
    let live: { history: string[]; score: number }[] = [{ history: [], score: 0 }];
    const found = await inRounds(ctx, 'depth', 'Depth', config.max_depth, async (): Promise<string | null> => {
      const candidates: Candidate[] = [];
      for (const branch of live) {
        const history = historyText(branch.history);
        for (let n = 1; n <= config.n_branches; n++) {
          const spanId = ctx.tracer.openSpan('candidate', `Candidate ${candidates.length + 1}`);
          const thought = (
            await ask(ctx, [{ role: 'user', content: fill(GENERATOR_PROMPT, { problem, history }) }])
          ).trim();
          const answer = extractThoughtAnswer(thought);
          if (answer) {
            ctx.tracer.closeSpan(spanId, { text: thought, kept: true });
            this.closeCandidates(ctx, candidates, new Set());
            return answer;
          }
          const rating = await ask(ctx, [
            { role: 'user', content: fill(EVALUATOR_PROMPT, { problem, history, thought }) },
          ]);
          let score = parseScore(rating);
          if (score === null) {
            unparseable(ctx, "The evaluator's reply has no number; the thought scores 5.");
            score = 5;
          }
          ctx.tracer.leaveSpan(spanId);
          candidates.push({ spanId, history: [...branch.history, thought], score });
        }
      }
      const kept = [...candidates].sort((a, b) => b.score - a.score).slice(0, config.beam_width);
      this.closeCandidates(ctx, candidates, new Set(kept));
      live = kept.map((c) => ({ history: c.history, score: c.score }));
      return null;
    });
    if (found) {
      return answerWith(ctx, found.value, found.round);
    }
    limitReached(
      ctx,
      'max_depth',
      `${config.max_depth} level(s) explored without "ANSWER:"; the best branch is asked for its answer.`,
    );
    const best = live.reduce((a, b) => (b.score > a.score ? b : a));
    const prompt = `Problem: ${problem}\n\nYour reasoning so far:\n${historyText(best.history)}\n\nBased on this reasoning, what is the final answer?\nReply with: ${MARKER} <answer>`;
    const answer = await inSpan(ctx, 'final', 'Final answer from the best branch', async () => {
      const text = await ask(ctx, [{ role: 'user', content: prompt }]);
      return extractThoughtAnswer(text) || text;
    });
    return answerWith(ctx, answer, config.max_depth + 1);
  }

  private closeCandidates(ctx: LoopContext, candidates: Candidate[], kept: Set<Candidate>): void {
    for (const c of candidates)
      ctx.tracer.closeSpan(c.spanId, { text: c.history[c.history.length - 1], score: c.score, kept: kept.has(c) });
  }
}

/** The `ovos-tree-of-thoughts-loop` plugin. */
export const treeOfThoughtsEngine = defineEngine({
  id: 'ovos-tree-of-thoughts-loop',
  title: 'Tree of thoughts',
  description:
    'Explores several lines of reasoning at once: each level writes candidate thoughts, the model scores them 0-10 and the best few go on (a beam search). Choose it for puzzles and planning problems where the first idea is often wrong and no tool helps. The most expensive loop: a thought and a score per candidate per level.',
  config: TreeOfThoughtsConfig,
  create: (setup) => new TreeOfThoughtsEngine(setup),
});
