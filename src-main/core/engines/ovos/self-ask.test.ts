import { describe, expect, it } from 'vitest';
import { notices, runKit, spans } from './loop-test-kit';
import { parseSelfAsk, selfAskEngine } from './self-ask';

describe('ovos-self-ask-loop against the scripted server', () => {
  it('answers at once with "So the final answer is:" in one request, the tool note naming the tools', async () => {
    const run = await runKit(selfAskEngine, [
      { content: 'Are follow up questions needed here? No.\nSo the final answer is: 5' },
    ]);
    expect(run.answer).toBe('5');
    expect(run.requests).toHaveLength(1);
    expect(run.requests[0][0].content).toMatch(
      /^Answer questions by decomposing them into simpler follow-up questions\./,
    );
    expect(run.requests[0][0].content).toContain('Available tools: calc, lookup');
  });

  it('answers a Tool: / Tool Input: follow-up through the tool and feeds back the intermediate answer', async () => {
    const ask = 'Follow up: What is two plus three?\nTool: lookup\nTool Input: 2+3';
    const run = await runKit(selfAskEngine, [{ content: ask }, { content: 'So the final answer is: 5' }]);
    expect(run.answer).toBe('5');
    expect(run.tools.calls).toEqual([{ name: 'lookup', args: { query: '2+3' } }]);
    expect(run.requests).toHaveLength(2);
    expect(run.requests[1].slice(-2)).toEqual([
      { role: 'assistant', content: ask },
      { role: 'user', content: 'Intermediate answer: {"fact":"fact about 2+3"}' },
    ]);
    expect(spans(run.events)).toEqual(['->s1:follow_up', 's1>s2:intermediate_answer', '->s3:follow_up']);
  });

  it('sends a bare follow-up question to the first tool the toolboxes list', async () => {
    const run = await runKit(selfAskEngine, [{ content: 'Follow up: sum?' }, { content: 'so the final answer is: 5' }]);
    expect(run.answer).toBe('5');
    expect(run.tools.calls).toEqual([{ name: 'lookup', args: { query: 'sum?' } }]);
  });

  it('takes a reply with no Self-Ask marker as the answer, saying so', async () => {
    const run = await runKit(selfAskEngine, [{ content: 'Five.' }]);
    expect(run.answer).toBe('Five.');
    expect(notices(run.events)).toEqual([{ reason: 'unparseable' }]);
  });

  it('after max_follow_ups tells the model to answer: one more request', async () => {
    const run = await runKit(
      selfAskEngine,
      [{ content: 'Tool: lookup\nTool Input: a' }, { content: 'So the final answer is: 5' }],
      { config: { max_follow_ups: 1 } },
    );
    expect(run.answer).toBe('5');
    expect(run.requests).toHaveLength(2);
    expect(run.requests[1].at(-1)!.content).toBe(
      'You have asked the maximum number of follow-up questions. Synthesize what you know and answer: So the final answer is:',
    );
    expect(notices(run.events)).toEqual([{ reason: 'limit_reached', limit: 'max_follow_ups' }]);
  });

  it('uses the no-tools note without tools', async () => {
    const run = await runKit(selfAskEngine, [{ content: 'So the final answer is: 5' }], { noTools: true });
    expect(run.requests[0][0].content).toContain('(No external tools available — answer from your own knowledge.)');
  });

  it('parses in OVOS order', () => {
    expect(parseSelfAsk('Follow up: x\nSo the final answer is: y')).toEqual({ kind: 'final', answer: 'y' });
    expect(parseSelfAsk('tool: t\ntool input: q')).toMatchObject({ kind: 'tool', tool: 't', query: 'q' });
  });
});
