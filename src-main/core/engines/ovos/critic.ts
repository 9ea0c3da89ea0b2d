import type { AgentMessage } from '../../../../shared/domain/message';
import { CriticConfig } from '../../../../shared/plugins/engines/critic-config';
import { defineEngine } from '../engine-descriptor';
import type { LoopContext, LoopResult } from '../loop-context';
import { LoopEngine, withSystemPrompt } from '../loop-engine';
import { answerWith, ask, inSpan, lastUserText, limitReached, queryTool, toolNames, unparseable } from './phases';

const DRAFT_PROMPT = `Answer the user's question as clearly and accurately as you can.
`;

const CRITIQUE_PROMPT = `You are a fact-checking assistant.  You will be given a question and a draft answer.

Your job:
1. Identify every factual claim in the draft that can be verified with a tool.
2. For each claim, emit one critique block:

   CLAIM: <the specific claim to verify>
   TOOL: <tool_name>
   TOOL INPUT: <plain text query>

3. If there are NO claims to verify (the answer is purely subjective or
   already verified), emit exactly:
   VERIFIED: all claims are correct

Rules:
- Emit only CLAIM/TOOL/TOOL INPUT blocks or a single VERIFIED line.
- One block per claim — do not bundle multiple claims.
- Available tools: {tool_names}
`;

const REVISE_PROMPT = `You are revising a draft answer based on tool verification results.

Original question: {question}

Draft answer: {draft}

Verification results:
{verifications}

Rewrite the answer incorporating the verified information.
Correct any errors found.  If all facts checked out, you may return the
draft unchanged.
Reply with ONLY the revised answer — no preamble.
`;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** One claim to check: the claim, the tool and its plain-text input. */
export interface CritiqueBlock {
  claim: string;
  tool: string;
  toolInput: string;
}

/** The `CLAIM: / TOOL: / TOOL INPUT:` blocks of a critique (any case); blocks missing a part are skipped. */
export function parseCritique(text: string): CritiqueBlock[] {
  return text
    .split(/CLAIM:\s*/i)
    .slice(1)
    .flatMap((part) => {
      const claim = /^([\s\S]+?)(?=TOOL:)/i.exec(part)?.[1].trim();
      const tool = /TOOL:\s*(\S+)/i.exec(part)?.[1].trim();
      const input = /TOOL INPUT:\s*([\s\S]+?)(?=CLAIM:|$)/i.exec(part)?.[1].trim();
      return claim && tool && input ? [{ claim, tool, toolInput: input }] : [];
    });
}

/**
 * OVOS's CRITICEngine (`ovos-critic-loop`): a draft answer, then up to `max_critique_rounds` rounds of critique
 * (claims to check, each with a tool and a query), verification through the tools, and a revised answer. `VERIFIED:`
 * ends the rounds; without tools the draft is the answer.
 */
export class CriticEngine extends LoopEngine {
  readonly id: string = criticEngine.id;

  protected async loop(messages: AgentMessage[], ctx: LoopContext): Promise<LoopResult> {
    const { max_critique_rounds: max } = CriticConfig.parse(this.setup.config ?? {});
    const names = toolNames(ctx);
    const question = lastUserText(messages);
    let answer = await inSpan(ctx, 'draft', 'Draft', () =>
      ask(ctx, [{ role: 'system', content: DRAFT_PROMPT }, ...withSystemPrompt(ctx, messages)]),
    );
    const system = fill(CRITIQUE_PROMPT, { tool_names: names.join(', ') });
    let round = 0;
    let settled = !names.length;
    while (!settled && round < max) {
      round++;
      settled = await inSpan(ctx, 'critique', `Critique ${round} of ${max}`, async (spanId) => {
        const critique = await ask(ctx, [
          { role: 'system', content: system },
          { role: 'user', content: `Question: ${question}\n\nDraft answer: ${answer}` },
        ]);
        if (critique.toLowerCase().includes('verified:')) return true;
        const blocks = parseCritique(critique);
        if (!blocks.length) {
          unparseable(ctx, 'The critique has neither CLAIM/TOOL/TOOL INPUT blocks nor "VERIFIED:"; the answer stands.');
          return true;
        }
        const verifications: string[] = [];
        for (const [i, block] of blocks.entries()) {
          const result = await inSpan(ctx, 'claim', `Claim: ${block.claim}`, () =>
            queryTool(ctx, `${spanId}_claim_${i + 1}`, block.tool, block.toolInput),
          );
          verifications.push(`Claim: "${block.claim}"\nTool result: ${result}`);
        }
        const prompt = fill(REVISE_PROMPT, { question, draft: answer, verifications: verifications.join('\n\n') });
        answer = await inSpan(ctx, 'revision', 'Revision', () => ask(ctx, [{ role: 'user', content: prompt }]));
        return false;
      });
    }
    if (!settled)
      limitReached(ctx, 'max_critique_rounds', `${max} critique round(s) done: the last revision is the answer.`);
    return answerWith(ctx, answer, round);
  }
}

/** The `ovos-critic-loop` plugin. */
export const criticEngine = defineEngine({
  id: 'ovos-critic-loop',
  title: 'CRITIC',
  description:
    'Answers first, then lists the claims in its draft, checks each with a tool and rewrites the answer from what the tools said. Choose it for factual questions with a search or lookup tool at hand: it catches wrong facts where Reflexion catches wrong reasoning. Without tools it is a plain answer.',
  config: CriticConfig,
  create: (setup) => new CriticEngine(setup),
});
