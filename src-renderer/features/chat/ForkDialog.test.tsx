import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { ForkDialog } from './ForkDialog';
import { loadedSession, toolboxInfo, toolInfo } from '../../testing/fixtures';
import { storeKit, renderInStore } from '../../testing/store-kit';

afterEach(cleanup);

function setup() {
  const { store, ...fake } = storeKit(
    {
      'sessions.fork': () => ({ sessionId: 's-fork', runId: 'r-fork' }),
      'chat.loadSession': () => loadedSession('s-fork'),
      'chat.sessions': () => ({ sessions: [] }),
    },
    { sessionId: 's1', selectedId: 'calc' },
  );
  renderInStore(store, <ForkDialog />);
  return { store, calls: fake.calls };
}

describe('ForkDialog', () => {
  it('an assistant turn: tool calls that are not a JSON list are refused here; a valid edit forks and opens the fork', async () => {
    const { store, calls } = setup();
    act(() =>
      store.getState().openFork({
        kind: 'assistant',
        runId: 'r1',
        seq: 3,
        content: 'Let me compute.',
        toolCalls: [{ id: 'c1', name: 'evaluate_expression', arguments: { expression: '12*9' } }],
      }),
    );
    expect((screen.getByTestId('fork-calls') as HTMLTextAreaElement).value).toContain('"12*9"');
    fireEvent.change(screen.getByTestId('fork-calls'), { target: { value: '{"name": "x"}' } });
    fireEvent.click(screen.getByTestId('fork-submit'));
    expect(screen.getByTestId('fork-local-error').textContent).toContain('JSON list');
    expect(calls.filter((c) => c.method === 'sessions.fork')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('fork-calls'), {
      target: { value: '[{"name": "evaluate_expression", "arguments": {"expression": "12*10"}}]' },
    });
    await act(async () => fireEvent.click(screen.getByTestId('fork-submit')));
    expect(calls.find((c) => c.method === 'sessions.fork')?.input).toEqual({
      sessionId: 's1',
      point: { kind: 'assistant', runId: 'r1', seq: 3 },
      edit: {
        kind: 'assistant',
        content: 'Let me compute.',
        toolCalls: [{ id: 'fork_call_1', name: 'evaluate_expression', arguments: { expression: '12*10' } }],
      },
    });
    expect(store.getState().sessionId).toBe('s-fork');
    expect(store.getState().forking).toBeNull();
    expect(screen.queryByTestId('fork-dialog')).toBeNull();
  });

  it('a user message: an empty text is refused, Cancel closes without forking', () => {
    const { store, calls } = setup();
    act(() => store.getState().openFork({ kind: 'user', runId: 'r1', content: 'hi' }));
    fireEvent.change(screen.getByTestId('fork-text'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('fork-submit'));
    expect(screen.getByTestId('fork-local-error').textContent).toContain('empty');
    fireEvent.click(screen.getByText('Cancel'));
    expect(screen.queryByTestId('fork-dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'sessions.fork')).toHaveLength(0);
  });

  it('a tool result: the keyboard starts in the result form’s first field, not on its button', () => {
    const { store } = setup();
    const output = { type: 'object', properties: { result: { type: 'number' } }, required: ['result'] };
    const tool = toolInfo('evaluate_expression', { output_schema: output });
    act(() => store.setState({ toolboxes: [toolboxInfo({ tools: [tool] })] }));
    act(() =>
      store.getState().openFork({
        kind: 'tool',
        runId: 'r1',
        toolCallId: 'c1',
        name: 'evaluate_expression',
        toolboxId: 'math',
        result: { result: 108 },
      }),
    );
    const focused = document.activeElement as HTMLInputElement;
    expect(screen.getByTestId('fork-result').contains(focused)).toBe(true);
    expect(focused.tagName).toBe('INPUT');
    expect(focused.value).toBe('108');
  });
});
