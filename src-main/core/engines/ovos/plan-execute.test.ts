import { describe, expect, it } from 'vitest';
import { firstLines, notices, REACT_CALC_2_3, runKit, spans } from './loop-test-kit';
import { parsePlan, planExecuteEngine } from './plan-execute';

describe('ovos-plan-execute-loop against the scripted server', () => {
  it('plans, runs each step, then synthesizes: 1 + 2 + 1 requests, each with its prompt', async () => {
    const run = await runKit(planExecuteEngine, [
      { content: '1. Add 2 and 3\n2) Report the sum' },
      { content: 'STEP_RESULT: the sum is 5' },
      { content: 'STEP_RESULT: reported' },
      { content: 'It is 5.' },
    ]);
    expect(run.answer).toBe('It is 5.');
    expect(run.requests).toHaveLength(4);
    expect(run.requests[0][0].content).toMatch(/^You are a planning assistant\./);
    expect(run.requests[0][0].content).toContain('"name": "calc"');
    expect(run.requests[0].at(-1)).toEqual({ role: 'user', content: 'What is 2+3?' });
    expect(firstLines(run.requests).slice(1)).toEqual([
      'You are executing step 1 of a multi-step plan.',
      'You are executing step 2 of a multi-step plan.',
      'You have executed all steps of a plan.  Synthesize a clear, complete answer',
    ]);
    expect(run.requests[1][0].content).toMatch(/^You have access to tools\./);
    expect(run.requests[1].at(-1)!.content).toContain('Steps completed so far:\n(none yet)');
    expect(run.requests[2].at(-1)!.content).toContain('Steps completed so far:\nStep 1: the sum is 5');
    expect(run.requests[3]).toHaveLength(1);
    expect(run.requests[3][0].content).toContain(
      'Original request: What is 2+3?\n\nStep results:\nStep 1 (Add 2 and 3): the sum is 5\nStep 2 (Report the sum): reported',
    );
    expect(spans(run.events)).toEqual(['->s1:plan', '->s2:step', 's2>s3:iteration', '->s4:step', 's4>s5:iteration']);
    expect(run.events.filter((e) => e.type === 'assistant_message' && e.final)).toHaveLength(1);
    expect(notices(run.events)).toEqual([]);
  });

  it("runs a tool inside a step's mini ReAct loop and feeds the Observation back", async () => {
    const run = await runKit(planExecuteEngine, [
      { content: '1. Add 2 and 3' },
      { content: REACT_CALC_2_3 },
      { content: 'STEP_RESULT: 5' },
      { content: 'The sum is 5.' },
    ]);
    expect(run.answer).toBe('The sum is 5.');
    expect(run.tools.calls).toEqual([{ name: 'calc', args: { a: 2, b: 3 } }]);
    expect(run.requests).toHaveLength(4);
    expect(run.requests[2].slice(-2)).toEqual([
      { role: 'assistant', content: REACT_CALC_2_3 },
      { role: 'user', content: 'Observation: {"result":5}' },
    ]);
    const result = run.events.find((e) => e.type === 'tool_result')!;
    expect(result).toMatchObject({ name: 'calc', spanId: 's3' });
    expect(spans(run.events)).toEqual(['->s1:plan', '->s2:step', 's2>s3:iteration', 's2>s4:iteration']);
  });

  it('takes a reply without a numbered plan as the answer, saying so, in one request', async () => {
    const run = await runKit(planExecuteEngine, [{ content: 'It is just 5.' }]);
    expect(run.answer).toBe('It is just 5.');
    expect(run.requests).toHaveLength(1);
    expect(notices(run.events)).toEqual([{ reason: 'unparseable' }]);
  });

  it("takes a step reply with neither STEP_RESULT: nor an Action as the step's result, saying so", async () => {
    const run = await runKit(planExecuteEngine, [{ content: '1. Add' }, { content: 'five' }, { content: 'Five.' }]);
    expect(run.requests).toHaveLength(3);
    expect(run.requests[2][0].content).toContain('Step 1 (Add): five');
    expect(notices(run.events)).toEqual([{ reason: 'unparseable' }]);
  });

  it('cuts a plan longer than max_steps, saying so', async () => {
    const run = await runKit(
      planExecuteEngine,
      [
        { content: '1. A\n2. B\n3. C' },
        { content: 'STEP_RESULT: a' },
        { content: 'STEP_RESULT: b' },
        { content: 'ok' },
      ],
      { config: { max_steps: 2 } },
    );
    expect(run.requests).toHaveLength(4);
    expect(run.requests[3][0].content).not.toContain('Step 3');
    expect(notices(run.events)).toEqual([{ reason: 'limit_reached', limit: 'max_steps' }]);
  });

  it("stops a step after max_step_iterations tool cycles, its last reply as the step's result", async () => {
    const run = await runKit(
      planExecuteEngine,
      [{ content: '1. Add' }, { content: REACT_CALC_2_3 }, { content: 'Done.' }],
      {
        config: { max_step_iterations: 1 },
      },
    );
    expect(run.requests).toHaveLength(3);
    expect(run.tools.calls).toHaveLength(1);
    expect(run.requests[2][0].content).toContain(`Step 1 (Add): ${REACT_CALC_2_3}`);
    expect(notices(run.events)).toEqual([{ reason: 'limit_reached', limit: 'max_step_iterations' }]);
  });

  it("streamed: asks for usage, and every brain turn carries the provider's token counts and time to first token", async () => {
    const run = await runKit(
      planExecuteEngine,
      [{ content: '1. Add' }, { content: 'STEP_RESULT: 5' }, { content: 'Five.' }],
      {
        stream: true,
      },
    );
    expect(run.answer).toBe('Five.');
    expect(run.bodies.map((b) => b.stream_options)).toEqual(Array(3).fill({ include_usage: true }));
    const turns = run.events.filter((e) => e.type === 'assistant_message');
    expect(turns).toHaveLength(3);
    for (const turn of turns) {
      expect(turn.usage).toMatchObject({ promptTokens: 10, completionTokens: expect.any(Number) });
      expect(turn.ttftMs).toBeGreaterThanOrEqual(0);
    }
    expect(
      run.events
        .filter((e) => e.type === 'answer_delta')
        .map((e) => e.delta)
        .join(''),
    ).toBe('Five.');
  });

  it('parses `1.` and `1)` lines only', () => {
    expect(parsePlan('Plan:\n 1. one\n2) two\n- three\n3.four')).toEqual(['one', 'two']);
  });
});
