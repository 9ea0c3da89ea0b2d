import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PersonaSuite } from '../../../../shared/domain/persona-suite';
import { runSuites } from './run-suite';
import { useSuiteKit } from './testing/suite-kit';

const kit = useSuiteKit();
const { liveCalls, toolboxes, run, evaluateTurns } = kit;

describe('runSuites', () => {
  it('replays a brain without any provider request and runs the live tool', async () => {
    const [r] = await run([
      {
        name: 'live tool',
        turns: ['2+3?'],
        brain: evaluateTurns('2+3', 'It is 5.'),
        assertions: [{ type: 'answer_contains', value: '5' }, { type: 'no_tool_errors' }],
      },
    ]);
    expect(r.passed).toBe(true);
    expect(kit.server.chatRequests).toHaveLength(0);
    expect(liveCalls).toEqual(['evaluate_expression']);
    const result = r.attempts[0].events[0].find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ result: { result: 5 } });
  });

  it('answers mocked results and errors through the gate: the live tool never runs', async () => {
    const [ok, failing] = await run([
      {
        name: 'mock result',
        turns: ['2+3?'],
        brain: evaluateTurns('2+3', 'It is 99.'),
        tools: { evaluate_expression: { result: { result: 99 } } },
        assertions: [{ type: 'tool_result', tool: 'evaluate_expression', status: 'ok' }],
      },
      {
        name: 'mock error',
        turns: ['2+3?'],
        brain: evaluateTurns('2+3', 'Sorry.'),
        tools: { evaluate_expression: { error: 'math is down' } },
        assertions: [{ type: 'no_tool_errors' }],
      },
    ]);
    expect(liveCalls).toEqual([]);
    expect(ok.passed).toBe(true);
    expect(ok.attempts[0].events[0].find((e) => e.type === 'tool_result')).toMatchObject({
      result: { result: 99 },
      mocked: true,
    });
    expect(failing.passed).toBe(false);
    expect(failing.attempts[0].assertions[0]).toMatchObject({
      ok: false,
      message: 'evaluate_expression failed: math is down',
      step: { name: 'evaluate_expression', turn: 1, iteration: 1 },
    });
  });

  it('answers recorded calls by their arguments; a call with other arguments is a tool error', async () => {
    const tools = {
      evaluate_expression: {
        calls: [
          { arguments: { expression: '2+3' }, result: { result: 5 } },
          { arguments: { expression: '1/0' }, error: 'float division by zero' },
        ],
      },
    };
    const [same, failed, other] = await run([
      {
        name: 'same',
        turns: ['2+3?'],
        brain: evaluateTurns('2+3', 'It is 5.'),
        tools,
        assertions: [{ type: 'no_tool_errors' }],
      },
      {
        name: 'recorded error',
        turns: ['1/0?'],
        brain: evaluateTurns('1/0', 'No.'),
        tools,
        assertions: [{ type: 'no_tool_errors' }],
      },
      {
        name: 'other',
        turns: ['2*3?'],
        brain: evaluateTurns('2*3', 'It is 6.'),
        tools,
        assertions: [{ type: 'no_tool_errors' }],
      },
    ]);
    expect(liveCalls).toEqual([]);
    expect(same.passed).toBe(true);
    expect(same.attempts[0].events[0].find((e) => e.type === 'tool_result')).toMatchObject({ result: { result: 5 } });
    expect(failed.attempts[0].assertions[0].message).toBe('evaluate_expression failed: float division by zero');
    expect(other.passed).toBe(false);
    expect(other.attempts[0].assertions[0].message).toBe(
      `evaluate_expression failed: no recorded call of 'evaluate_expression' has these arguments: {"expression":"2*3"}`,
    );
  });

  it('tells when each case starts, before its result', async () => {
    const seen: string[] = [];
    await runSuites(
      [
        {
          file: path.join(kit.dir, 'calc.suite.json'),
          suite: PersonaSuite.parse({
            persona: 'calc.json',
            cases: ['a', 'b'].map((name) => ({
              name,
              turns: ['2+3?'],
              brain: evaluateTurns('2+3', 'It is 5.'),
              assertions: [{ type: 'answer_contains', value: '5' }],
            })),
          }),
        },
      ],
      {
        dataDir: kit.dir,
        toolboxes,
        concurrency: 1,
        onStart: (c) => seen.push(`start ${c.name}`),
        onResult: (r) => seen.push(`done ${r.name}`),
      },
    );
    expect(seen).toEqual(['start a', 'done a', 'start b', 'done b']);
  });

  it('repeat with a threshold against a live model that answers differently each time', async () => {
    kit.server.setReplies((_req, i) => ({ content: i % 2 === 0 ? 'The answer is 42.' : 'No idea.' }));
    const testCase = {
      turns: ['6*7?'],
      repeat: 4,
      assertions: [{ type: 'answer_contains', value: '42' }],
    };
    const [half, all] = await runSuites(
      [
        {
          file: path.join(kit.dir, 'calc.suite.json'),
          suite: PersonaSuite.parse({
            persona: 'calc.json',
            cases: [
              { ...testCase, name: 'half', threshold: 0.5 },
              { ...testCase, name: 'all', threshold: 1 },
            ],
          }),
        },
      ],
      { dataDir: kit.dir, toolboxes, concurrency: 1 },
    );
    expect(kit.server.chatRequests).toHaveLength(8);
    expect(half).toMatchObject({ passed: true, passedRuns: 2, runs: 4 });
    expect(all).toMatchObject({ passed: false, passedRuns: 2, runs: 4 });
  });

  it('runs at most `concurrency` cases at a time, and answers results in suite order', async () => {
    kit.server.setReplies(() => ({ content: 'ok', delayMs: 150 }));
    const cases = Array.from({ length: 6 }, (_, i) => ({
      name: `c${i}`,
      turns: ['hi'],
      assertions: [{ type: 'answer_equals', value: 'ok' }],
    }));
    const suite = PersonaSuite.parse({ persona: 'calc.json', cases });
    const results = await runSuites([{ file: path.join(kit.dir, 'calc.suite.json'), suite }], {
      dataDir: kit.dir,
      toolboxes,
      concurrency: 2,
    });
    expect(results.map((r) => [r.name, r.passed])).toEqual(cases.map((c) => [c.name, true]));
    const spans = results.map((r) => {
      const events = r.attempts[0].events[0];
      return [events[0].at, events[events.length - 1].at];
    });
    const overlap = Math.max(...spans.map(([start]) => spans.filter(([s, e]) => s <= start && start < e).length));
    expect(overlap).toBe(2);
  });

  it('sends the earlier turns as history and checks the last answer', async () => {
    kit.server.setReplies({ content: 'Hello.' }, { content: 'You said hi.' });
    const [r] = await run([
      {
        name: 'two turns',
        turns: ['hi', 'what did I say?'],
        assertions: [{ type: 'answer_equals', value: 'You said hi.' }],
      },
    ]);
    expect(r.passed).toBe(true);
    const second = kit.server.chatRequests[1].body as { messages: { role: string; content: string }[] };
    expect(second.messages.map((m) => m.content)).toEqual(expect.arrayContaining(['hi', 'Hello.', 'what did I say?']));
  });
});
