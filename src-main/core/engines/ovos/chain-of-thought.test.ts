import { describe, expect, it } from 'vitest';
import { chainOfThoughtEngine } from './chain-of-thought';
import { notices, runKit } from './loop-test-kit';

describe('ovos-chain-of-thought-loop against the scripted server', () => {
  it('sends one request: the system prompt, a blank line, the step-by-step instruction; answers after FINAL ANSWER:', async () => {
    const run = await runKit(chainOfThoughtEngine, [{ content: 'Step 1: 2+3 is 5.\nfinal answer: 5' }], {
      systemPrompt: 'Be careful.',
    });
    expect(run.answer).toBe('5');
    expect(run.requests).toHaveLength(1);
    expect(run.requests[0][0].content).toMatch(/^Be careful\.\n\nThink through the problem step by step/);
    expect(run.requests[0][1]).toEqual({ role: 'user', content: 'What is 2+3?' });
    expect(run.bodies[0].tools).toBeUndefined();
    expect(notices(run.events)).toEqual([]);
  });

  it('offers no tools even when the persona has some (OVOS ignores them)', async () => {
    const run = await runKit(chainOfThoughtEngine, [{ content: 'FINAL ANSWER: 5' }]);
    expect(run.bodies[0].tools).toBeUndefined();
    expect(run.tools.calls).toEqual([]);
  });

  it('answers the whole reply when it has no FINAL ANSWER:, saying so', async () => {
    const run = await runKit(chainOfThoughtEngine, [{ content: 'It is 5.' }]);
    expect(run.answer).toBe('It is 5.');
    expect(notices(run.events)).toEqual([{ reason: 'unparseable' }]);
  });

  it('answers to the id OVOS’s Reasoner example uses', () => {
    expect(chainOfThoughtEngine.aliases).toEqual(['ovos-chain-of-thought']);
  });
});
