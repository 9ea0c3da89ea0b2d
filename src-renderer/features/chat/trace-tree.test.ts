import { describe, expect, it } from 'vitest';
import { TraceEvent } from '../../../shared/domain/trace';
import { sampleRun, traceOf } from '../../lib/trace-fixtures';
import { buildTraceRows, unfoldedRows } from '../../lib/trace-rows';

const turn = (spanId: string, content: string, usage = { promptTokens: 10, completionTokens: 2 }) => ({
  type: 'assistant_message' as const,
  spanId,
  content,
  toolCalls: [],
  final: false,
  durationMs: 5,
  raw: null,
  warnings: [],
  usage,
});

/** A reflexion run as the engine traces it: episode > iteration > tool, answer, verdict; then the answer. */
const reflexion = traceOf('r', [
  { type: 'user_message', content: '2+3?' },
  { type: 'span_started', spanId: 's1', kind: 'episode', title: 'Episode 1 of 3' },
  { type: 'span_started', spanId: 's2', parentSpanId: 's1', kind: 'iteration', title: 'Iteration 1 of 10' },
  { ...turn('s2', 'Action: calc'), toolCalls: [{ id: 's2_react', name: 'calc', arguments: { a: 2, b: 3 } }] },
  { type: 'tool_started', spanId: 's2', toolCallId: 's2_react', name: 'calc', toolboxId: 'm', arguments: {} },
  {
    type: 'tool_result',
    spanId: 's2',
    toolCallId: 's2_react',
    name: 'calc',
    toolboxId: 'm',
    arguments: {},
    result: { result: 5 },
    content: '{"result":5}',
    durationMs: 1,
  },
  { type: 'span_finished', spanId: 's2', parentSpanId: 's1' },
  { type: 'span_started', spanId: 's3', parentSpanId: 's1', kind: 'verdict', title: 'Verdict' },
  turn('s3', 'SATISFACTORY', { promptTokens: 20, completionTokens: 1 }),
  { type: 'span_finished', spanId: 's3', parentSpanId: 's1', text: 'SATISFACTORY', satisfactory: true },
  { type: 'span_finished', spanId: 's1', text: '5', satisfactory: true },
  { type: 'loop_notice', reason: 'limit_reached', limit: 'max_iterations', message: 'm' },
  { type: 'answer_delta', delta: '5' },
  { type: 'run_finished', answer: '5', iterations: 1, durationMs: 30 },
]);

describe('the trace as a tree', () => {
  it('the events are valid TraceEvents (span fields optional, new kinds in the union)', () => {
    for (const e of [...reflexion, ...sampleRun()]) expect(TraceEvent.safeParse(e).success).toBe(true);
  });

  it('nests each row under its span, depth by depth, and sums the token usage in the end row', () => {
    const rows = buildTraceRows(reflexion);
    expect(rows.map((r) => `${r.depth ?? 0}:${r.kind}`)).toEqual([
      '0:user',
      '0:span',
      '1:span',
      '2:assistant',
      '2:tool',
      '1:span',
      '2:assistant',
      '0:notice',
      '0:answer',
      '0:end',
    ]);
    expect(rows[2].parents).toEqual(['r:span:s1']);
    expect(rows[4]).toMatchObject({ status: 'ok', parents: ['r:span:s1', 'r:span:s2'] });
    expect(rows[1]).toMatchObject({ spanKind: 'episode', open: false, text: '5', satisfactory: true });
    expect(rows.at(-2)).toMatchObject({ kind: 'answer', text: '5' });
    expect(rows.at(-1)).toMatchObject({ usage: { promptTokens: 30, completionTokens: 3 } });
  });

  it('folding a span hides every row under it, not the span itself', () => {
    const rows = buildTraceRows(reflexion);
    const shown = unfoldedRows(rows, (key) => key === 'r:span:s1');
    expect(shown.map((r) => r.kind)).toEqual(['user', 'span', 'notice', 'answer', 'end']);
  });

  it('keeps a one-level trace as it was: no depth, no parents, no span rows', () => {
    const rows = buildTraceRows(sampleRun());
    expect(rows.some((r) => r.depth !== undefined || r.parents !== undefined || r.kind === 'span')).toBe(false);
    expect(unfoldedRows(rows, () => true)).toBe(rows);
  });
});
