import { describe, expect, it } from 'vitest';
import { SuiteCase } from '../../../shared/domain/persona-suite';
import type { TraceEvent } from '../../../shared/domain/trace';
import { caseFromSession } from './case-from-session';

let seq = 0;
const ev = (runId: string, e: Record<string, unknown>) =>
  ({ runId, seq: seq++, at: 1, iteration: 1, ...e }) as unknown as TraceEvent;
const call = (runId: string, id: string, args: Record<string, unknown>, outcome: Record<string, unknown>) =>
  ev(runId, {
    toolCallId: id,
    name: 'evaluate_expression',
    toolboxId: 'ovos-math-tools',
    arguments: args,
    content: '',
    durationMs: 1,
    ...outcome,
  });

describe('caseFromSession', () => {
  it('keeps every user turn, records each distinct call once (results and errors), and proposes the assertions', () => {
    const events = [
      ev('r1', { type: 'user_message', content: 'What is 2+3?' }),
      call('r1', 'c1', { expression: '2+3' }, { type: 'tool_result', result: { result: 5 } }),
      call('r1', 'c2', { expression: '2+3' }, { type: 'tool_result', result: { result: 5 } }),
      ev('r1', { type: 'run_finished', answer: 'It is 5.', iterations: 2, durationMs: 3 }),
      ev('r2', { type: 'user_message', content: 'And 1/0?' }),
      call(
        'r2',
        'c3',
        { expression: '1/0' },
        { type: 'tool_error', error: { code: 'tool_execution_failed', message: 'float division by zero' } },
      ),
      call('r2', 'c4', { expression: 'pi' }, { type: 'tool_result', result: 3.14 }),
      ev('r2', {
        type: 'run_finished',
        answer: `${'It cannot be done, '.repeat(20)}sorry.`,
        iterations: 2,
        durationMs: 3,
      }),
    ];
    const c = caseFromSession(events, 'Sums');
    expect(c.name).toBe('Sums');
    expect(c.turns).toEqual(['What is 2+3?', 'And 1/0?']);
    expect(c.tools.evaluate_expression.calls).toEqual([
      { arguments: { expression: '2+3' }, result: { result: 5 } },
      { arguments: { expression: '1/0' }, error: 'float division by zero' },
      { arguments: { expression: 'pi' }, result: { result: 3.14 } },
    ]);
    expect(c.assertions.map((a) => a.type)).toEqual([
      'tool_arguments',
      'tool_arguments',
      'tool_arguments',
      'answer_contains',
    ]);
    const answer = c.assertions.at(-1) as { value: string };
    expect(answer.value.length).toBeLessThanOrEqual(200);
    expect(answer.value.startsWith('It cannot be done,')).toBe(true);
    expect(answer.value.endsWith(' ')).toBe(false);
    expect(SuiteCase.safeParse(c).success, 'the draft is a valid case').toBe(true);
  });

  it('a session without tool errors gets no_tool_errors; one with nothing finished is refused', () => {
    const c = caseFromSession([
      ev('r1', { type: 'user_message', content: '2+3?' }),
      call('r1', 'c1', { expression: '2+3' }, { type: 'tool_result', result: { result: 5 } }),
      ev('r1', { type: 'run_finished', answer: '5', iterations: 2, durationMs: 3 }),
    ]);
    expect(c.name).toBe('2+3?');
    expect(c.assertions).toContainEqual({ type: 'no_tool_errors' });
    expect(() => caseFromSession([ev('r1', { type: 'user_message', content: 'hi' })])).toThrow(
      /nothing to make a test from/,
    );
  });

  it('records a call edited in the debugger as the model asked it, with the result the model got', () => {
    const c = caseFromSession([
      ev('r1', { type: 'user_message', content: 'What is 17 times 23?' }),
      call(
        'r1',
        'c1',
        { expression: '17 * 24' },
        { type: 'tool_result', result: { result: 408 }, originalArguments: { expression: '17 * 23' } },
      ),
      ev('r1', { type: 'run_finished', answer: 'It is 408.', iterations: 2, durationMs: 3 }),
    ]);
    expect(c.tools.evaluate_expression.calls).toEqual([
      { arguments: { expression: '17 * 23' }, result: { result: 408 } },
    ]);
    expect(c.assertions[0]).toEqual({
      type: 'tool_arguments',
      tool: 'evaluate_expression',
      contains: { expression: '17 * 23' },
    });
  });
});
