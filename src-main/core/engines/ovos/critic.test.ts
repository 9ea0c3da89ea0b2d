import { describe, expect, it } from 'vitest';
import { criticEngine, parseCritique } from './critic';
import { firstLines, notices, runKit, spans } from './loop-test-kit';

describe('ovos-critic-loop against the scripted server', () => {
  it('drafts, critiques, and stops at VERIFIED: 2 requests', async () => {
    const run = await runKit(criticEngine, [{ content: '5' }, { content: 'VERIFIED: all claims are correct' }]);
    expect(run.answer).toBe('5');
    expect(run.requests).toHaveLength(2);
    expect(run.requests[0][0]).toEqual({
      role: 'system',
      content: "Answer the user's question as clearly and accurately as you can.\n",
    });
    expect(run.requests[1][0].content).toContain('- Available tools: calc, lookup');
    expect(run.requests[1][1]).toEqual({ role: 'user', content: 'Question: What is 2+3?\n\nDraft answer: 5' });
    expect(notices(run.events)).toEqual([]);
  });

  it('verifies each claim with its tool and revises from the results', async () => {
    const run = await runKit(criticEngine, [
      { content: '6' },
      { content: 'CLAIM: 2+3 is 6\nTOOL: lookup\nTOOL INPUT: 2+3' },
      { content: '5' },
      { content: 'VERIFIED: all claims are correct' },
    ]);
    expect(run.answer).toBe('5');
    expect(run.tools.calls).toEqual([{ name: 'lookup', args: { query: '2+3' } }]);
    expect(firstLines(run.requests)).toEqual([
      'What is 2+3?',
      'Question: What is 2+3?',
      'You are revising a draft answer based on tool verification results.',
      'Question: What is 2+3?',
    ]);
    expect(run.requests[2][0].content).toContain(
      'Verification results:\nClaim: "2+3 is 6"\nTool result: {"fact":"fact about 2+3"}',
    );
    expect(spans(run.events)).toEqual([
      '->s1:draft',
      '->s2:critique',
      's2>s3:claim',
      's2>s4:revision',
      '->s5:critique',
    ]);
  });

  it('keeps the answer when the critique has neither blocks nor VERIFIED:, saying so', async () => {
    const run = await runKit(criticEngine, [{ content: '5' }, { content: 'Seems fine.' }]);
    expect(run.answer).toBe('5');
    expect(notices(run.events)).toEqual([{ reason: 'unparseable' }]);
  });

  it('stops after max_critique_rounds, the last revision standing', async () => {
    const run = await runKit(
      criticEngine,
      [{ content: '6' }, { content: 'CLAIM: six\nTOOL: lookup\nTOOL INPUT: 2+3' }, { content: '5' }],
      { config: { max_critique_rounds: 1 } },
    );
    expect(run.answer).toBe('5');
    expect(run.requests).toHaveLength(3);
    expect(notices(run.events)).toEqual([{ reason: 'limit_reached', limit: 'max_critique_rounds' }]);
  });

  it('answers the draft without tools: 1 request', async () => {
    const run = await runKit(criticEngine, [{ content: '5' }], { noTools: true });
    expect(run.requests).toHaveLength(1);
    expect(run.answer).toBe('5');
  });

  it('parses several blocks, skipping incomplete ones', () => {
    expect(
      parseCritique('CLAIM: a\nTOOL: t\nTOOL INPUT: q1\nclaim: b\nTOOL: u\nCLAIM: c\ntool: v\ntool input: q3'),
    ).toEqual([
      { claim: 'a', tool: 't', toolInput: 'q1' },
      { claim: 'c', tool: 'v', toolInput: 'q3' },
    ]);
  });
});
