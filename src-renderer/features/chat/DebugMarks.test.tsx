import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ToolCard } from './ToolCard';
import type { ToolRow } from './trace-rows';

afterEach(cleanup);

const base: ToolRow = {
  kind: 'tool',
  key: 'k',
  runId: 'r',
  iteration: 1,
  toolCallId: 'c1',
  name: 'evaluate_expression',
  toolboxId: 'ovos-math-tools',
  arguments: { expression: '12*10' },
  status: 'ok',
  result: { result: 120 },
  content: '{"result":120}',
  durationMs: 3,
};
const noop = () => undefined;
const card = (row: ToolRow, collapsed = false) =>
  render(<ToolCard row={row} collapsed={collapsed} onToggle={noop} onOpen={noop} />);

describe('a TOOL card after the debugger', () => {
  it('shows "edited", the model’s arguments against what ran, and the time paused apart from the duration', () => {
    card({ ...base, originalArguments: { expression: '12*9' }, pausedMs: 4200 });
    expect(screen.getByTestId('badge-edited')).toBeTruthy();
    expect(screen.getByTestId('args-diff').textContent).toBe('expression: "12*9" → "12*10"');
    expect(screen.getByTestId('paused-ms').textContent).toBe('· paused 4 s');
    expect(screen.getByTestId('trace-tool').querySelector('.head')!.textContent).toContain('3 ms');
  });

  it('says "mocked" and "denied" with the reason, and nothing for a call the debugger left alone', () => {
    card({ ...base, mocked: true });
    expect(screen.getByTestId('badge-mocked')).toBeTruthy();
    cleanup();
    card({
      ...base,
      status: 'error',
      error: { code: 'tool_denied', message: 'The user denied the call' },
      denied: { reason: 'too risky' },
    });
    expect(screen.getByTestId('badge-denied').title).toBe('Reason: too risky');
    expect(screen.getByTestId('denied-reason').textContent).toContain('too risky');
    cleanup();
    card(base);
    expect(screen.queryByTestId('badge-edited') ?? screen.queryByTestId('badge-mocked')).toBeNull();
    expect(screen.queryByTestId('paused-ms')).toBeNull();
  });
});
