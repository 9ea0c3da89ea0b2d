import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ToolOutput } from './ToolOutput';
import { ToolHistory } from './ToolHistory';

afterEach(cleanup);

describe('ToolOutput', () => {
  it('does not call a result "ok" when the tool reports an error inside it (OVOS error field)', () => {
    render(
      <ToolOutput
        outcome={{
          ok: true,
          result: { result: null, expression: '1 +* 2', error: 'Value expected (char 4)' },
          durationMs: 0.3,
        }}
      />,
    );
    const head = screen.getByTestId('tool-output').querySelector('.output-head')!.textContent!;
    expect(head).toContain('tool reported an error');
    expect(head).not.toMatch(/\bok\b/);
    expect(screen.getByTestId('tool-reported-error').textContent).toContain('Value expected (char 4)');
    expect(screen.getByTestId('tool-result').textContent).toContain('"error": "Value expected (char 4)"');
  });

  it('flags an MCP result marked is_error, and leaves a clean result alone', () => {
    render(
      <ToolOutput
        outcome={{ ok: true, result: { content: 'Refused: quota', is_error: true, structured: null }, durationMs: 4 }}
      />,
    );
    expect(screen.getByTestId('tool-reported-error').textContent).toContain('Refused: quota');
    cleanup();
    render(<ToolOutput outcome={{ ok: true, result: { result: 108, error: null }, durationMs: 1 }} />);
    expect(screen.queryByTestId('tool-reported-error')).toBeNull();
    expect(screen.getByTestId('tool-output').querySelector('.badge')!.textContent).toBe('ok');
  });

  it('marks such calls in the history too', () => {
    const noop = () => undefined;
    render(
      <ToolHistory
        busy={false}
        onLoad={noop}
        onRerun={noop}
        entries={[
          {
            id: 'e1',
            at: 0,
            toolboxId: 'ovos-math-tools',
            name: 'evaluate_expression',
            masked: [],
            args: { expression: '1 +* 2' },
            outcome: { ok: true, result: { result: null, error: 'Value expected' }, durationMs: 1 },
          },
        ]}
      />,
    );
    expect(screen.getByTestId('tool-history').querySelector('.badge')!.textContent).toBe('reported error');
  });
});
