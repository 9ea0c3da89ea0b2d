import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { bindEvents, createAppStore } from '../store';
import { StoreProvider } from '../store/context';
import { fakeClient } from '../store/fake-client';
import { Notices } from './Notices';
import { activeRunId } from '../store/chat-slice';

afterEach(cleanup);

const notice = (id: number, message: string, level: 'warning' | 'error' = 'error') => ({
  id,
  level,
  message,
  at: 1,
  sessionId: null,
});

describe('Notices', () => {
  it('shows notices raised before the window connected and those pushed later, until dismissed', async () => {
    const { client, emit } = fakeClient({
      'app.notices': () => ({ notices: [notice(1, 'settings.json does not parse', 'warning')] }),
    });
    const store = createAppStore(client);
    bindEvents(store, client);
    render(
      <StoreProvider store={store}>
        <Notices />
      </StoreProvider>,
    );
    await act(() => store.getState().loadNotices());
    expect(screen.getByRole('status').textContent).toBe('Warning: settings.json does not parse✕');
    act(() => emit('app.notice', notice(2, 'The chat trace cannot be saved to /d/s.jsonl: the disk is full.')));
    expect(screen.getByRole('alert').textContent).toContain('the disk is full');
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notice' })[0]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('a reopened session whose file is short says so, and its run without an end is not shown as running', async () => {
    const { client } = fakeClient({
      'chat.loadSession': () => ({
        session: {
          sessionId: 's1',
          personaId: 'p',
          personaName: 'P',
          title: 't',
          startedAt: 1,
          updatedAt: 1,
          runs: 1,
        },
        events: [{ runId: 'r1', seq: 1, at: 1, iteration: 0, type: 'user_message', content: 'hi' }],
        warnings: ['The file ends before a run ended: the app stopped.'],
        interruptedRunIds: ['r1'],
      }),
    });
    const store = createAppStore(client);
    render(
      <StoreProvider store={store}>
        <Notices />
      </StoreProvider>,
    );
    await act(() => store.getState().openSession('s1'));
    expect(screen.getByRole('status').textContent).toBe(
      'Warning: This session: The file ends before a run ended: the app stopped.✕',
    );
    expect(activeRunId(store.getState())).toBeNull();
  });
});
