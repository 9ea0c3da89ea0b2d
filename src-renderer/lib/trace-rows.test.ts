import { describe, expect, it } from 'vitest';
import { buildTraceRows, iterationLabel, runningRunId, withWaitingRow, type ToolRow } from './trace-rows';
import { sampleRun, traceOf } from './trace-fixtures';

/** The rows as kinds, tool rows with their call id. */
const shapeOf = (rows: ReturnType<typeof buildTraceRows>) =>
  rows.map((r) => (r.kind === 'tool' ? `tool:${r.toolCallId}` : r.kind));
/** sampleRun()'s rows: user -> iteration -> assistant -> one TOOL card per call -> answer -> end. */
const SAMPLE_SHAPE = ['user', 'iteration', 'assistant', 'tool:c1', 'tool:c2', 'iteration', 'answer', 'end'];

describe('buildTraceRows', () => {
  it('orders user -> iteration -> assistant -> one TOOL card per call -> answer -> end', () => {
    const rows = buildTraceRows(sampleRun());
    expect(shapeOf(rows)).toEqual(SAMPLE_SHAPE);
    expect(rows[1]).toMatchObject({ iteration: 1, max: 5 });
  });

  it('pairs results and errors with their call by toolCallId', () => {
    const rows = buildTraceRows(sampleRun());
    const c1 = rows.find((r) => r.kind === 'tool' && r.toolCallId === 'c1') as ToolRow;
    const c2 = rows.find((r) => r.kind === 'tool' && r.toolCallId === 'c2') as ToolRow;
    expect(c1).toMatchObject({ status: 'ok', result: { result: 5 }, durationMs: 3, toolboxId: 'ovos-math-tools' });
    expect(c2).toMatchObject({ status: 'error', error: { code: 'tool_execution_failed' } });
  });

  it('pairs correctly when results arrive in another order than the calls', () => {
    const events = sampleRun();
    const [r1, r2] = [events[5], events[6]];
    events[5] = { ...r2, seq: 5 };
    events[6] = { ...r1, seq: 6 };
    const tools = buildTraceRows(events).filter((r): r is ToolRow => r.kind === 'tool');
    expect(tools.map((t) => [t.toolCallId, t.status])).toEqual([
      ['c1', 'ok'],
      ['c2', 'error'],
    ]);
  });

  it('shows a started call without a result as running, and the answer as streaming', () => {
    const rows = buildTraceRows(sampleRun().slice(0, 4));
    expect((rows.find((r) => r.kind === 'tool') as ToolRow).status).toBe('running');
    expect((rows.filter((r) => r.kind === 'tool')[1] as ToolRow).status).toBe('pending');
    const streaming = buildTraceRows(sampleRun().slice(0, 8));
    expect(streaming.at(-1)).toMatchObject({ kind: 'answer', text: 'It is ', streaming: true });
  });

  it('streams a reply live, and retracts its deltas once the reply turns out to ask for tools', () => {
    const [started, user, assistant, ...rest] = sampleRun();
    const preamble = traceOf('run-1', [
      { type: 'answer_delta', iteration: 1, delta: 'Let me ' },
      { type: 'answer_delta', iteration: 1, delta: 'compute.' },
    ]);
    const streamingTurn = [started, user, ...preamble].map((e, seq) => ({ ...e, seq }));
    expect(buildTraceRows(streamingTurn).at(-1)).toMatchObject({
      kind: 'answer',
      text: 'Let me compute.',
      streaming: true,
    });
    const whole = [...streamingTurn, assistant, ...rest].map((e, seq) => ({ ...e, seq }));
    const rows = buildTraceRows(whole);
    expect(shapeOf(rows)).toEqual(SAMPLE_SHAPE);
    expect(rows.find((r) => r.kind === 'answer')).toMatchObject({ text: 'It is 5.', streaming: false });
  });

  it('marks calls still open when the run was cancelled as abandoned', () => {
    const events = [
      ...sampleRun().slice(0, 4),
      ...traceOf('run-1', [{ type: 'run_cancelled', reason: 'user', durationMs: 5 }]).map((e) => ({ ...e, seq: 4 })),
    ];
    const rows = buildTraceRows(events);
    expect(rows.filter((r) => r.kind === 'tool').map((r) => (r as ToolRow).status)).toEqual(['abandoned', 'abandoned']);
    expect(rows.at(-1)).toMatchObject({ kind: 'end', event: { type: 'run_cancelled' } });
    expect(runningRunId(events)).toBeNull();
    // A run that did not finish keeps its message on its end (to try it again); a finished one does not.
    expect(rows.at(-1)).toMatchObject({ message: 'What is 2+3, and the time?' });
    expect(buildTraceRows(sampleRun()).at(-1)).not.toHaveProperty('message');
    expect(runningRunId(sampleRun().slice(0, 4))).toBe('run-1');
  });

  it('a run whose end arrived before its start (a fork: live end, then the copied start) is not running', () => {
    const run = sampleRun();
    expect(runningRunId([...run.slice(-1), ...run.slice(0, -1)])).toBeNull();
  });

  it('drops duplicate events and keeps runs in order', () => {
    const a = sampleRun('a');
    const b = sampleRun('b');
    const rows = buildTraceRows([...a, ...b, ...a.slice(0, 3)]);
    expect(rows.filter((r) => r.kind === 'user').map((r) => r.runId)).toEqual(['a', 'b']);
    expect(rows).toHaveLength(16);
  });

  it('adds a waiting line while the run waits for the model, not while a tool runs or the answer streams', () => {
    const afterTools = buildTraceRows(sampleRun().slice(0, 7));
    expect(withWaitingRow(afterTools, 'run-1').at(-1)).toMatchObject({
      kind: 'waiting',
      text: 'Waiting for the model…',
    });
    const toolRunning = buildTraceRows(sampleRun().slice(0, 4));
    expect(withWaitingRow(toolRunning, 'run-1')).toBe(toolRunning);
    const streaming = buildTraceRows(sampleRun().slice(0, 8));
    expect(withWaitingRow(streaming, 'run-1')).toBe(streaming);
    expect(withWaitingRow(afterTools, null)).toBe(afterTools);
  });

  it('names the last request past max_iterations as the final answer, not "Iteration 2 of 1"', () => {
    expect(iterationLabel(1, 4)).toBe('Iteration 1 of 4');
    expect(iterationLabel(3, null)).toBe('Iteration 3');
    expect(iterationLabel(2, 1)).toBe('Final answer, asked for without tools: the limit of 1 iteration was reached');
    expect(iterationLabel(6, 5)).toContain('limit of 5 iterations');
  });
});
