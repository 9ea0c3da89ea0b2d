import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import { createRunPrinter } from './run-printer';

const base = { runId: 'r', at: 0 };

/** A printer writing stdout and stderr (marked <err>) into one terminal, as they share one. */
function printerInto(terminal: { text: string }) {
  return createRunPrinter(
    (text) => (terminal.text += text),
    (text) => (terminal.text += `<err>${text}`),
  );
}

const runStarted = (maxIterations: number) => ({
  ...base,
  seq: 0,
  iteration: 0,
  type: 'run_started',
  sessionId: 's',
  personaId: null,
  personaName: 'P',
  engine: 'e',
  brain: 'b',
  model: 'm',
  maxIterations,
  tools: [],
});

describe('run printer', () => {
  it('ends a streamed answer line before printing its warnings (stdout and stderr share a terminal)', () => {
    const terminal = { text: '' };
    const print = printerInto(terminal);
    const events = [
      runStarted(3),
      { ...base, seq: 1, iteration: 1, type: 'answer_delta', delta: 'Hello' },
      { ...base, seq: 2, iteration: 1, type: 'answer_delta', delta: ' there.' },
      {
        ...base,
        seq: 3,
        iteration: 1,
        type: 'assistant_message',
        content: 'Hello there.',
        toolCalls: [],
        final: true,
        durationMs: 12,
        raw: null,
        warnings: ['reasoning kept out'],
      },
      { ...base, seq: 4, iteration: 0, type: 'run_finished', answer: 'Hello there.', iterations: 1, durationMs: 20 },
    ] as TraceEvent[];
    events.forEach(print);
    expect(terminal.text).toBe(
      'P · e · b (m)\ntools: (none)\n[1/3] answer> Hello there.\n<err>[1/3]   ! reasoning kept out\n[1/3]   (assistant 12 ms)\ndone in 20 ms, 1 iteration\n',
    );
  });

  it('past max_iterations: says the model asked for tools, and counts iterations as the [n/max] tags (issue 11.15)', () => {
    const terminal = { text: '' };
    const print = printerInto(terminal);
    const warning =
      'The model asked for tools after the limit of 1 iteration: calc({}). They were not run, and it gave no answer.';
    const events = [
      runStarted(1),
      {
        ...base,
        seq: 1,
        iteration: 2,
        type: 'assistant_message',
        content: '',
        toolCalls: [],
        final: true,
        durationMs: 3,
        raw: null,
        warnings: [warning],
      },
      {
        ...base,
        seq: 2,
        iteration: 0,
        type: 'run_finished',
        answer: '',
        iterations: 1,
        limitReached: true,
        durationMs: 9,
      },
    ] as TraceEvent[];
    events.forEach(print);
    expect(terminal.text).toContain(`<err>[final]   ! ${warning}\n`);
    expect(terminal.text).toContain('done in 9 ms, 1 iteration (the limit), then one answer without tools\n');
  });

  it('prints what memory put into the request, and its warning on stderr', () => {
    let terminal = '';
    const print = createRunPrinter(
      (text) => (terminal += text),
      (text) => (terminal += `<err>${text}`),
    );
    const base = { runId: 'r', at: 0, iteration: 0, type: 'memory_context' as const, system: null, dropped: 0 };
    print({
      ...base,
      seq: 0,
      module: 'ovos-agents-short-term-memory-plugin',
      history: [{ role: 'user', content: 'a' }],
      warning: null,
    });
    print({ ...base, seq: 1, module: null, history: [], warning: "memory plugin 'x' not available" });
    expect(terminal).toBe(
      "Memory: ovos-agents-short-term-memory-plugin (1 earlier message sent)\nMemory: none, only your message is sent\n<err>  ! memory plugin 'x' not available\n",
    );
  });

  it('prints the notices of tool results: tools not offered, a result cut at max_tool_result_chars', () => {
    const terminal = { text: '' };
    const print = printerInto(terminal);
    const events = [
      runStarted(3),
      {
        ...base,
        seq: 1,
        iteration: 0,
        type: 'loop_notice',
        reason: 'tools_not_offered',
        message: "Not offered to the model: 'slow' (It needs MCP tasks)",
      },
      {
        ...base,
        seq: 2,
        iteration: 1,
        type: 'loop_notice',
        reason: 'limit_reached',
        limit: 'max_tool_result_chars',
        toolCallId: 'c1',
        message: 'cut',
      },
    ] as TraceEvent[];
    events.forEach(print);
    expect(terminal.text).toContain("! tools not offered: Not offered to the model: 'slow' (It needs MCP tasks)\n");
    expect(terminal.text).toContain('! limit reached (max_tool_result_chars): cut\n');
  });
});
