import { describe, expect, it } from 'vitest';
import type { PauseState } from '../../../shared/domain/debug';
import { argChanges, pausedFor, withPause } from './debug-rows';
import { assistantTurn, sampleRun, traceOf } from '../../lib/trace-fixtures';
import { buildTraceRows, type ToolRow } from '../../lib/trace-rows';

const at = (toolCallId: string) => ({
  kind: 'tool' as const,
  toolCallId,
  name: 'add',
  toolboxId: 'math',
  arguments: { a: 2, b: 3 },
  ranArguments: null,
  argumentSchema: null,
  outputSchema: null,
  error: null,
  index: 0,
  count: 2,
});
const base = {
  pauseId: 'p',
  runId: 'r',
  sessionId: 's',
  personaId: 'calc',
  iteration: 1,
  reason: 'breakpoint' as const,
  since: 0,
};

describe('withPause', () => {
  it('marks the paused call’s card and leaves the others as they are', () => {
    const rows = buildTraceRows(sampleRun('r', 's').slice(0, 3));
    const out = withPause(rows, { ...base, at: at('c1') });
    const tools = out.filter((r): r is ToolRow => r.kind === 'tool');
    expect(tools.map((t) => [t.toolCallId, t.status])).toEqual([
      ['c1', 'paused'],
      ['c2', 'pending'],
    ]);
    expect(tools[0].pause?.pauseId).toBe('p');
    expect(out).toHaveLength(rows.length);
  });

  it('puts a pause before the model at the end, as a row of its own', () => {
    const rows = buildTraceRows(sampleRun('r', 's').slice(0, 2));
    const pause: PauseState = {
      ...base,
      at: { kind: 'model', request: { messages: [{ role: 'user', content: 'hi' }], tools: [], parameters: {} } },
    };
    expect(withPause(rows, pause).at(-1)).toMatchObject({ kind: 'model-pause', pause: { pauseId: 'p' } });
    expect(withPause(rows, null)).toBe(rows);
  });
});

describe('the trace keeps what the debugger did', () => {
  it('carries the model’s arguments, mocked, denied and the time paused onto the cards', () => {
    const rows = buildTraceRows(
      traceOf('r', [
        assistantTurn({
          toolCalls: [
            { id: 'c1', name: 'add', arguments: { a: 2 } },
            { id: 'c2', name: 'add', arguments: { a: 9 } },
          ],
        }),
        {
          type: 'tool_result',
          iteration: 1,
          toolCallId: 'c1',
          name: 'add',
          toolboxId: 'math',
          arguments: { a: 3 },
          originalArguments: { a: 2 },
          mocked: true,
          pausedMs: 1500,
          result: { sum: 3 },
          content: '{"sum":3}',
          durationMs: 0,
        },
        {
          type: 'tool_error',
          iteration: 1,
          toolCallId: 'c2',
          name: 'add',
          toolboxId: 'math',
          arguments: { a: 9 },
          error: { code: 'tool_denied', message: 'denied' },
          denied: { reason: 'no' },
          content: 'Error',
          durationMs: 0,
        },
      ]),
    );
    const [c1, c2] = rows.filter((r): r is ToolRow => r.kind === 'tool');
    expect(c1).toMatchObject({
      status: 'ok',
      arguments: { a: 3 },
      originalArguments: { a: 2 },
      mocked: true,
      pausedMs: 1500,
    });
    expect(c2).toMatchObject({ status: 'error', denied: { reason: 'no' } });
    expect(c2.originalArguments).toBeUndefined();
  });
});

describe('argChanges', () => {
  it('lists changed, removed and added arguments, ignoring key order', () => {
    expect(argChanges({ expression: '12*9' }, { expression: '12*10' })).toEqual([
      { key: 'expression', before: '12*9', after: '12*10', kind: 'changed' },
    ]);
    expect(argChanges({ a: { x: 1, y: 2 }, b: 1 }, { a: { y: 2, x: 1 }, c: 2 })).toEqual([
      { key: 'b', before: 1, kind: 'removed' },
      { key: 'c', after: 2, kind: 'added' },
    ]);
  });
  it('says how long in words a person reads', () => {
    expect([pausedFor(640), pausedFor(12_400), pausedFor(184_000)]).toEqual(['640 ms', '12 s', '3 min 4 s']);
  });
});
