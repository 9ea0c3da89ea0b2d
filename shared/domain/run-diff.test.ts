import { describe, expect, it } from 'vitest';
import { diffRuns } from './run-diff';
import type { TraceEvent } from './trace';

type Draft = Record<string, unknown> & { type: string };

/** One run's events, stamped (runId, seq, at) as a recorder would. */
function run(runId: string, at: number, drafts: Draft[]): TraceEvent[] {
  return drafts.map((d, seq) => ({ runId, seq, at: at + seq, iteration: 0, ...d }) as unknown as TraceEvent);
}
const tool = (id: string, name: string, args: object, result: object, iteration = 1): Draft[] => [
  { type: 'tool_started', toolCallId: id, name, toolboxId: null, arguments: args, iteration },
  {
    type: 'tool_result',
    toolCallId: id,
    name,
    toolboxId: null,
    arguments: args,
    result,
    content: '',
    durationMs: 3,
    iteration,
  },
];
const turn = (runId: string, at: number, calls: Draft[], answer: string, ms = 100) =>
  run(runId, at, [
    { type: 'user_message', content: 'Q' },
    {
      type: 'assistant_message',
      content: '',
      toolCalls: [],
      final: false,
      durationMs: 5,
      raw: null,
      warnings: [],
      iteration: 1,
    },
    ...calls,
    { type: 'run_finished', answer, iterations: 1, durationMs: ms, iteration: 2 },
  ]);

describe('diffRuns', () => {
  it('ignores ids, times and durations: the same run recorded twice is equal', () => {
    const a = turn('r1', 1000, tool('c1', 'calc', { x: 1, y: 2 }, { r: 3 }), 'three');
    const b = turn('r9', 9000, tool('zz', 'calc', { y: 2, x: 1 }, { r: 3 }), 'three', 7);
    const diff = diffRuns({ sessionId: 'a', events: a }, { sessionId: 'b', events: b });
    expect(diff.equal).toBe(true);
    expect(diff.turns[0].durationMs).toEqual([100, 7]);
  });

  it('reports tool calls added and removed, and a turn only one side has', () => {
    const a = turn('r1', 0, [...tool('c1', 'calc', {}, { r: 1 }), ...tool('c2', 'clock', {}, { t: 0 })], 'x');
    const b = [
      ...turn('r2', 0, [...tool('d1', 'calc', {}, { r: 1 }), ...tool('d2', 'search', { q: 'a' }, { hits: [] })], 'x'),
      ...turn('r3', 50, [], 'more'),
    ];
    const diff = diffRuns({ sessionId: 'a', events: a }, { sessionId: 'b', events: b });
    expect(diff.equal).toBe(false);
    expect(diff.turns[0].iterations[0].tools.map((t) => `${t.status}:${t.name}`)).toEqual([
      'same:calc',
      'removed:clock',
      'added:search',
    ]);
    expect(diff.turns[1]).toMatchObject({ status: 'added', userA: null, userB: 'Q' });
    expect(diff.a.turns).toBe(1);
    expect(diff.b.turns).toBe(2);
  });
});
