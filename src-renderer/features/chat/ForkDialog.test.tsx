import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createAppStore } from '../../store';
import { StoreProvider } from '../../store/context';
import { fakeClient } from '../../store/fake-client';
import { ForkDialog } from './ForkDialog';

afterEach(cleanup);

function setup() {
  const fake = fakeClient({
    'sessions.fork': () => ({ sessionId: 's-fork', runId: 'r-fork' }),
    'chat.loadSession': () => ({
      session: {
        sessionId: 's-fork',
        personaId: 'calc',
        personaName: 'Calc',
        title: 't',
        startedAt: 0,
        updatedAt: 0,
        runs: 1,
      },
      events: [],
      warnings: [],
      interruptedRunIds: [],
    }),
    'chat.sessions': () => ({ sessions: [] }),
  });
  const store = createAppStore(fake.client);
  store.setState({ sessionId: 's1', selectedId: 'calc' });
  render(
    <StoreProvider store={store}>
      <ForkDialog />
    </StoreProvider>,
  );
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
});
