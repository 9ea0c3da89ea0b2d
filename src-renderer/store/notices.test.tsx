import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useApp } from './context';
import { Notices as NoticesView } from '../components/Notices';
import { activeRunId } from './chat-selectors';
import { storeKit, renderInStore } from '../testing/store-kit';
import { sessionSummary } from '../testing/fixtures';

/** The notices as the app shows them: from the store, dismissed through it. */
function Notices() {
  const notices = useApp((s) => s.notices);
  const dismiss = useApp((s) => s.dismissNotice);
  return <NoticesView notices={notices} onDismiss={dismiss} />;
}

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
    const { store, emit } = storeKit({
      'app.notices': () => ({ notices: [notice(1, 'settings.json does not parse', 'warning')] }),
    });
    renderInStore(store, <Notices />);
    await act(() => store.getState().loadNotices());
    expect(screen.getByRole('status').textContent).toBe('Warning: settings.json does not parse✕');
    act(() => emit('app.notice', notice(2, 'The chat trace cannot be saved to /d/s.jsonl: the disk is full.')));
    expect(screen.getByRole('alert').textContent).toContain('the disk is full');
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notice' })[0]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('a reopened session whose file is short says so, and its run without an end is not shown as running', async () => {
    const { store } = storeKit({
      'chat.loadSession': () => ({
        session: sessionSummary({ personaId: 'p', personaName: 'P', updatedAt: 1 }),
        events: [{ runId: 'r1', seq: 1, at: 1, iteration: 0, type: 'user_message', content: 'hi' }],
        warnings: ['The file ends before a run ended: the app stopped.'],
        interruptedRunIds: ['r1'],
      }),
    });
    renderInStore(store, <Notices />);
    await act(() => store.getState().openSession('s1'));
    expect(screen.getByRole('status').textContent).toBe(
      'Warning: This session: The file ends before a run ended: the app stopped.✕',
    );
    expect(activeRunId(store.getState())).toBeNull();
  });
});
