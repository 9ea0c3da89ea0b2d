import { describe, expect, it } from 'vitest';
import { firstLines, notices, REACT_CALC_2_3, runKit, spans } from './loop-test-kit';
import { reflexionEngine } from './reflexion';

describe('ovos-reflexion-loop against the scripted server', () => {
  it('ends after a SATISFACTORY verdict: episode then evaluator, 2 requests', async () => {
    const run = await runKit(reflexionEngine, [
      { content: 'Thought: easy.\nFINAL_ANSWER: 5' },
      { content: 'SATISFACTORY\nIt is right.' },
    ]);
    expect(run.answer).toBe('5');
    expect(run.requests).toHaveLength(2);
    expect(run.requests[0][0].content).toMatch(/^You have access to tools\./);
    expect(run.requests[1]).toEqual([
      {
        role: 'user',
        content: expect.stringContaining(
          'User request: What is 2+3?\n\nAssistant answer: 5\n\nReply with exactly one of:',
        ),
      },
    ]);
    expect(spans(run.events)).toEqual(['->s1:episode', 's1>s2:iteration', 's1>s3:answer', 's1>s4:verdict']);
    expect(run.events.find((e) => e.type === 'span_finished' && e.spanId === 's4')).toMatchObject({
      satisfactory: true,
    });
    expect(run.events.filter((e) => e.type === 'answer_delta').map((e) => e.delta)).toEqual(['5']);
  });

  it('reflects on an UNSATISFACTORY answer and shows the reflection to the next episode', async () => {
    const run = await runKit(reflexionEngine, [
      { content: 'FINAL_ANSWER: 6' },
      { content: 'UNSATISFACTORY\nWrong sum.' },
      { content: 'Reflection: I guessed; use calc.' },
      { content: REACT_CALC_2_3 },
      { content: 'FINAL_ANSWER: 5' },
      { content: 'SATISFACTORY' },
    ]);
    expect(run.answer).toBe('5');
    expect(run.tools.calls).toEqual([{ name: 'calc', args: { a: 2, b: 3 } }]);
    expect(firstLines(run.requests)).toEqual([
      'What is 2+3?',
      "You are evaluating whether an AI assistant's answer fully and correctly satisfies",
      'You are a self-reflection assistant.  The AI agent below attempted to answer a',
      'What is 2+3?',
      'Observation: {"result":5}',
      "You are evaluating whether an AI assistant's answer fully and correctly satisfies",
    ]);
    expect(run.requests[2][0].content).toContain('Evaluator feedback: UNSATISFACTORY\nWrong sum.');
    expect(run.requests[3][1]).toEqual({
      role: 'system',
      content:
        'You have attempted this task before and reflected on your previous mistakes.\nApply these lessons to do better this time:\n\n- Reflection: I guessed; use calc.\n\n',
    });
    expect(spans(run.events).filter((s) => !s.includes('iteration'))).toEqual([
      '->s1:episode',
      's1>s3:answer',
      's1>s4:verdict',
      's1>s5:reflection',
      '->s6:episode',
      's6>s9:answer',
      's6>s10:verdict',
    ]);
  });

  it('counts a verdict starting with neither word as unsatisfactory, saying so', async () => {
    const run = await runKit(reflexionEngine, [{ content: 'FINAL_ANSWER: 5' }, { content: 'Looks fine to me.' }], {
      config: { max_reflections: 1 },
    });
    expect(run.answer).toBe('5');
    expect(run.requests).toHaveLength(2);
    expect(notices(run.events)).toEqual([
      { reason: 'unparseable' },
      { reason: 'limit_reached', limit: 'max_reflections' },
    ]);
  });

  it('stops after max_reflections episodes, with no reflection after the last, the last answer standing', async () => {
    const run = await runKit(
      reflexionEngine,
      [
        { content: 'FINAL_ANSWER: 6' },
        { content: 'UNSATISFACTORY' },
        { content: 'Reflection: add.' },
        { content: 'FINAL_ANSWER: 7' },
        { content: 'UNSATISFACTORY' },
      ],
      { config: { max_reflections: 2 } },
    );
    expect(run.answer).toBe('7');
    expect(run.requests).toHaveLength(5);
    expect(notices(run.events)).toEqual([{ reason: 'limit_reached', limit: 'max_reflections' }]);
  });

  it("limits each episode's ReAct to max_iterations, then asks for the final answer", async () => {
    const run = await runKit(
      reflexionEngine,
      [{ content: REACT_CALC_2_3 }, { content: 'FINAL_ANSWER: 5' }, { content: 'SATISFACTORY' }],
      { config: { max_iterations: 1 } },
    );
    expect(run.answer).toBe('5');
    expect(run.requests[1].at(-1)!.content).toBe(
      'You have used the maximum number of tool calls. Provide your best FINAL_ANSWER: now.',
    );
    expect(notices(run.events)).toEqual([{ reason: 'limit_reached', limit: 'max_iterations' }]);
  });

  it("goes through the debugger's model hook on every request and its tool gate on every call (a mocked result reaches the model)", async () => {
    const seen: string[] = [];
    const run = await runKit(
      reflexionEngine,
      [{ content: REACT_CALC_2_3 }, { content: 'FINAL_ANSWER: 7' }, { content: 'SATISFACTORY' }],
      {
        debug: {
          beforeModel: (request) => {
            seen.push(`model:${request().messages.length}`);
            return null;
          },
          tools: { before: (call) => (seen.push(`tool:${call.modelName}`), { kind: 'mock', result: { result: 7 } }) },
        },
      },
    );
    expect(run.answer).toBe('7');
    expect(run.tools.calls).toEqual([]);
    expect(seen).toEqual(['model:2', 'tool:calc', 'model:4', 'model:1']);
    expect(run.requests[1].at(-1)).toEqual({ role: 'user', content: 'Observation: {"result":7}' });
  });

  it('takes an episode reply without Action or FINAL_ANSWER: as the answer, saying so', async () => {
    const run = await runKit(reflexionEngine, [{ content: 'five' }, { content: 'SATISFACTORY' }]);
    expect(run.answer).toBe('five');
    expect(notices(run.events)).toEqual([{ reason: 'unparseable' }]);
  });
});
