import type { TraceEvent } from '../../shared/domain/trace';
import { sampleRun, traceOf } from './trace-fixtures';

type Input = Record<string, unknown> & { type: TraceEvent['type'] };

const call = (iteration: number, id: string, extra: Record<string, unknown> = {}) => ({
  iteration,
  toolCallId: id,
  name: 'add',
  toolboxId: 'ovos-math-tools',
  arguments: { a: 1, b: 2 },
  ...extra,
});
const turn = (iteration: number, content: string, toolCalls: unknown[], final: boolean, extra = {}) => ({
  type: 'assistant_message' as const,
  iteration,
  content,
  toolCalls,
  final,
  durationMs: 5,
  warnings: [],
  raw: null,
  usage: { promptTokens: 10, completionTokens: 3 },
  ...extra,
});
const started = (max: number): Input => ({
  type: 'run_started',
  sessionId: 's',
  personaId: 'p',
  personaName: 'P',
  engine: 'e',
  brain: 'b',
  model: 'm',
  maxIterations: max,
  tools: ['add'],
});
const deltas = (iteration: number, text: string, extra = {}): Input[] =>
  text.split(/(?<= )/).map((delta) => ({ type: 'answer_delta', iteration, delta, ...extra }));

/** A run that streams a preamble, then asks for tools (the preamble is retracted), then streams its answer. */
function preambleRun(runId: string): TraceEvent[] {
  return traceOf(runId, [
    started(4),
    { type: 'user_message', content: 'add them' },
    ...deltas(1, 'Let me add those numbers. '),
    turn(1, 'Let me add those numbers.', [{ id: 'p1', name: 'add', arguments: { a: 1, b: 2 } }], false),
    { type: 'tool_started', ...call(1, 'p1') },
    {
      type: 'tool_result',
      ...call(1, 'p1', { arguments: { a: 1, b: 5 }, originalArguments: { a: 1, b: 2 }, pausedMs: 900 }),
      result: { result: 6 },
      content: '{"result":6}',
      durationMs: 2,
    },
    ...deltas(2, 'The sum is 6, as you asked. '),
    turn(2, 'The sum is 6, as you asked.', [], true),
    { type: 'run_finished', iteration: 2, answer: 'The sum is 6, as you asked.', iterations: 2, durationMs: 40 },
  ]);
}

/** A debugged run: a mocked result, a denied call, a memory row, a notice; it ends in a failure. */
function debuggedRun(runId: string): TraceEvent[] {
  return traceOf(runId, [
    started(2),
    { type: 'user_message', content: 'try it' },
    {
      type: 'memory_context',
      module: 'ovos-memory-window',
      system: 'be brief',
      history: [{ role: 'user', content: 'earlier' }],
      dropped: 3,
      warning: null,
    },
    turn(
      1,
      '',
      [
        { id: 'd1', name: 'add', arguments: {} },
        { id: 'd2', name: 'add', arguments: {} },
      ],
      false,
    ),
    { type: 'tool_started', ...call(1, 'd1') },
    { type: 'tool_result', ...call(1, 'd1', { mocked: true }), result: 1, content: '1', durationMs: 0 },
    {
      type: 'tool_error',
      ...call(1, 'd2'),
      error: { code: 'tool_denied', message: 'denied' },
      denied: { reason: 'not now' },
      content: 'Error: denied',
      durationMs: 0,
    },
    { type: 'loop_notice', iteration: 1, reason: 'limit_reached', limit: 'max_iterations', message: 'limit' },
    {
      type: 'run_failed',
      iteration: 1,
      error: { code: 'brain_unreachable', message: 'gone' },
      durationMs: 9,
    },
  ]);
}

/** A reflexion-like run: spans nest iterations and a verdict; the verdict turn streams and is retracted. */
function spanRun(runId: string): TraceEvent[] {
  return traceOf(runId, [
    started(3),
    { type: 'user_message', content: '2+3?' },
    { type: 'span_started', spanId: 's1', kind: 'episode', title: 'Episode 1 of 3' },
    { type: 'span_started', spanId: 's2', parentSpanId: 's1', kind: 'iteration', title: 'Iteration 1' },
    turn(1, 'Action: add', [{ id: 'x1', name: 'add', arguments: { a: 2, b: 3 } }], false, { spanId: 's2' }),
    { type: 'tool_started', ...call(1, 'x1', { spanId: 's2' }) },
    { type: 'tool_result', ...call(1, 'x1', { spanId: 's2' }), result: 5, content: '5', durationMs: 1 },
    { type: 'span_finished', spanId: 's2', parentSpanId: 's1' },
    { type: 'span_started', spanId: 's3', parentSpanId: 's1', kind: 'verdict', title: 'Verdict' },
    ...deltas(1, 'SATISFACTORY it is', { spanId: 's3' }),
    turn(1, 'SATISFACTORY it is', [], false, { spanId: 's3' }),
    { type: 'span_finished', spanId: 's3', parentSpanId: 's1', text: 'SATISFACTORY', satisfactory: true },
    { type: 'span_finished', spanId: 's1', text: '5', satisfactory: true, score: 1 },
    ...deltas(1, 'It is 5. '),
    { type: 'run_finished', iteration: 1, answer: 'It is 5.', iterations: 1, durationMs: 30 },
  ]);
}

/** A run cancelled while a tool runs and a span is open: the call is abandoned, the span closed. */
function cancelledRun(runId: string): TraceEvent[] {
  return traceOf(runId, [
    started(5),
    { type: 'user_message', content: 'slow one' },
    { type: 'span_started', spanId: 'c1', kind: 'step', title: 'Step 1' },
    turn(1, '', [{ id: 'k1', name: 'add', arguments: {} }], false, { spanId: 'c1' }),
    { type: 'tool_started', ...call(1, 'k1', { spanId: 'c1' }) },
    ...deltas(2, 'half an '),
    { type: 'run_cancelled', iteration: 2, reason: 'user', durationMs: 50 },
  ]);
}

/**
 * Turns that stream into an answer row another turn made (a final turn that still asks for tools), and a preamble
 * with a notice between its deltas and its turn: retractions that cannot just drop the last row.
 */
function tangledRun(runId: string): TraceEvent[] {
  const q = (iteration: number, id: string): Input[] => [
    { type: 'tool_started', ...call(iteration, id) },
    { type: 'tool_result', ...call(iteration, id), result: 3, content: '3', durationMs: 1 },
  ];
  return traceOf(runId, [
    started(8),
    { type: 'user_message', content: 'tangle' },
    ...deltas(1, 'wait '),
    { type: 'loop_notice', iteration: 1, reason: 'unparseable', message: 'odd reply' },
    turn(1, 'wait', [{ id: 'q0', name: 'add', arguments: {} }], false),
    ...q(1, 'q0'),
    ...deltas(2, 'First of all '),
    turn(2, 'First of all', [{ id: 'q1', name: 'add', arguments: {} }], true),
    ...q(2, 'q1'),
    ...deltas(3, 'then again '),
    turn(3, 'then again', [{ id: 'q2', name: 'add', arguments: {} }], false),
    ...q(3, 'q2'),
    ...deltas(4, 'one '),
    ...deltas(5, 'two '),
    turn(4, 'one', [{ id: 'q3', name: 'add', arguments: {} }], false),
    turn(5, 'two', [{ id: 'q4', name: 'add', arguments: {} }], false),
    ...q(5, 'q3'),
    ...deltas(6, 'Done '),
    turn(7, 'Done now.', [], true),
    turn(6, 'Done', [{ id: 'q5', name: 'add', arguments: {} }], false),
    { type: 'run_finished', iteration: 6, answer: 'Done now.', iterations: 6, durationMs: 70 },
  ]);
}

/** A turn's deltas make the answer row, another turn's final answer replaces it, then the first asks for tools. */
function replacedRun(runId: string): TraceEvent[] {
  return traceOf(runId, [
    started(3),
    { type: 'user_message', content: 'replace' },
    ...deltas(1, 'maybe so '),
    { type: 'loop_notice', iteration: 1, reason: 'unparseable', message: 'odd reply' },
    turn(2, 'Sure.', [], true),
    turn(1, 'maybe so', [{ id: 'm1', name: 'add', arguments: {} }], false),
    { type: 'run_finished', iteration: 2, answer: '', iterations: 2, durationMs: 20 },
  ]);
}

/** A run still going at the end: its answer streams. */
function streamingRun(runId: string): TraceEvent[] {
  return traceOf(runId, [started(5), { type: 'user_message', content: 'tell me' }, ...deltas(1, 'Once upon a time ')]);
}

/**
 * A long session of `runs` runs that mixes every kind of row: tools and their results, streamed answers, retracted
 * preambles, spans, debugger pauses (edited, mocked, denied calls), memory rows, notices, failures, cancellations;
 * the last run still streaming.
 */
export function longSession(runs: number): TraceEvent[] {
  const kinds: Array<(runId: string) => TraceEvent[]> = [
    (runId) => sampleRun(runId, 's'),
    preambleRun,
    debuggedRun,
    spanRun,
    tangledRun,
    replacedRun,
    cancelledRun,
  ];
  const out: TraceEvent[] = [];
  for (let r = 0; r < runs - 1; r++) out.push(...kinds[r % kinds.length](`run-${r}`));
  out.push(...streamingRun(`run-${runs - 1}`));
  return out;
}
