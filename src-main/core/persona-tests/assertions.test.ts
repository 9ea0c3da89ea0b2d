import { describe, expect, it } from 'vitest';
import { SuiteAssertion } from '../../../shared/domain/persona-suite';
import { containsSubset } from '../../../shared/domain/debug';
import { checkAssertions, type CallStep, type CaseRun } from './assertions';

const call = (name: string, args: Record<string, unknown>, ok = true, seq = 1): CallStep => ({
  turn: 1,
  iteration: 1,
  seq,
  name,
  arguments: args,
  ok,
  ...(ok ? {} : { error: 'boom' }),
});

const run: CaseRun = {
  calls: [
    call('add', { a: 1, b: { c: 2, d: [1, 2] } }, true, 3),
    call('mul', { a: 2 }, false, 7),
    call('add', { a: 5 }, true, 9),
  ],
  answer: 'The total is 42.',
  iterations: 3,
  durationMs: 120,
  failure: null,
};

const verdict = (a: unknown) => checkAssertions([SuiteAssertion.parse(a)], run)[0];

describe('assertions', () => {
  it.each([
    [
      { type: 'tool_called', tool: 'add' },
      { type: 'tool_called', tool: 'div' },
    ],
    [
      { type: 'tool_called', tool: 'add', times: 2 },
      { type: 'tool_called', tool: 'add', times: 1 },
    ],
    [
      { type: 'tool_not_called', tool: 'div' },
      { type: 'tool_not_called', tool: 'mul' },
    ],
    [
      { type: 'tool_sequence', tools: ['add', 'add'] },
      { type: 'tool_sequence', tools: ['mul', 'mul'] },
    ],
    [
      { type: 'tool_sequence', tools: ['add', 'mul', 'add'], exact: true },
      { type: 'tool_sequence', tools: ['add', 'add'], exact: true },
    ],
    [
      { type: 'tool_arguments', tool: 'add', contains: { b: { c: 2 } } },
      { type: 'tool_arguments', tool: 'add', contains: { b: { d: [1] } } },
    ],
    [
      { type: 'tool_result', tool: 'add', status: 'ok' },
      { type: 'tool_result', tool: 'mul', status: 'ok' },
    ],
    [
      { type: 'tool_result', tool: 'mul', status: 'error', call: 1 },
      { type: 'tool_result', tool: 'add', status: 'error', call: 2 },
    ],
    [
      { type: 'answer_contains', value: '42' },
      { type: 'answer_contains', value: '43' },
    ],
    [
      { type: 'answer_matches', pattern: 'total is \\d+', flags: 'i' },
      { type: 'answer_matches', pattern: '^\\d+$' },
    ],
    [
      { type: 'answer_equals', value: 'The total is 42.' },
      { type: 'answer_equals', value: 'The total is 42' },
    ],
    [
      { type: 'max_iterations', value: 3 },
      { type: 'max_iterations', value: 2 },
    ],
    [
      { type: 'max_duration_ms', value: 120 },
      { type: 'max_duration_ms', value: 119 },
    ],
  ])('%j passes and its counterpart fails', (passing, failing) => {
    expect(verdict(passing)).toMatchObject({ ok: true });
    const bad = verdict(failing);
    expect(bad.ok).toBe(false);
    expect(bad.message).toBeTruthy();
  });

  it('no_tool_errors fails on the failed call and points at its step', () => {
    expect(verdict({ type: 'no_tool_errors' })).toMatchObject({
      ok: false,
      message: 'mul failed: boom',
      step: { name: 'mul', seq: 7 },
    });
    expect(checkAssertions([{ type: 'no_tool_errors' }], { ...run, calls: [run.calls[0]] })[0].ok).toBe(true);
  });

  it('names the step a failing trajectory assertion points at', () => {
    expect(verdict({ type: 'tool_not_called', tool: 'add' }).step?.seq).toBe(3);
    expect(verdict({ type: 'tool_sequence', tools: ['add', 'add'], exact: true })).toMatchObject({
      message: 'call #2 is mul, expected add; the calls: add -> mul -> add',
      step: { seq: 7 },
    });
  });

  it('a run that did not finish fails with its reason, and answer assertions see no answer', () => {
    const results = checkAssertions([{ type: 'answer_contains', value: '42' }], {
      ...run,
      answer: null,
      failure: 'turn 1 failed: down',
    });
    expect(results.map((r) => [r.ok, r.message])).toEqual([
      [false, 'turn 1 failed: down'],
      [false, 'the answer (no answer) does not contain "42"'],
    ]);
  });

  it('answer_schema parses the answer as JSON and validates it', () => {
    const schema = { type: 'object', required: ['total'], properties: { total: { type: 'number' } } };
    const on = (answer: string) => checkAssertions([{ type: 'answer_schema', schema }], { ...run, answer })[0];
    expect(on('{"total": 42}').ok).toBe(true);
    expect(on('{"total": "42"}')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^the answer is not valid: total: /),
    });
    expect(on('The total is 42.')).toMatchObject({ ok: false, message: 'the answer "The total is 42." is not JSON' });
  });

  it('containsSubset compares objects by key and everything else exactly', () => {
    expect(containsSubset({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] } })).toBe(true);
    expect(containsSubset({ a: 1 }, { a: '1' })).toBe(false);
    expect(containsSubset([1, 2], [1])).toBe(false);
    expect(containsSubset({ a: null }, { a: null })).toBe(true);
  });
});
