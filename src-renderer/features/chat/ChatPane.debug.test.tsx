import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { NO_BREAKPOINTS } from '../../../shared/domain/debug';
import { sampleRun } from '../../lib/trace-fixtures';
import { ChatPane } from './ChatPane';
import { storeKit, renderInStore } from '../../testing/store-kit';
import { sessionSummary, toolPause } from '../../testing/fixtures';

afterEach(cleanup);

const pause = toolPause(
  { runId: 'run-1', sessionId: 'session-1', since: Date.now() - 3000 },
  { argumentSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } }, count: 2 },
);

describe('ChatPane with a paused run in main', () => {
  it('comes back to the paused run after a reload, and asks main again when the connection returns', async () => {
    let paused = [pause];
    const { store, ...fake } = storeKit(
      {
        'debug.getBreakpoints': () => ({
          breakpoints: { ...NO_BREAKPOINTS, beforeTools: { enabled: true, tools: [], conditions: [] } },
        }),
        'debug.state': () => ({ paused }),
        'chat.loadSession': () => ({
          session: sessionSummary({ sessionId: 'session-1' }),
          events: sampleRun('run-1', 'session-1').slice(0, 3),
        }),
        'chat.sessions': () => ({ sessions: [] }),
      },
      { selectedId: 'calc', connection: 'open' },
    );
    await act(async () => {
      renderInStore(store, <ChatPane />);
    });
    expect(store.getState().sessionId).toBe('session-1');
    expect(screen.getByTestId('run-status').textContent).toMatch(/Run paused before add \(1 of 2\) · for \d+ s/);
    expect(screen.getByRole('switch', { name: 'Pause before tools' })).toHaveProperty('checked', true);
    paused = [];
    await act(async () => store.getState().setConnection('lost'));
    await act(async () => store.getState().setConnection('open'));
    expect(fake.calls.filter((c) => c.method === 'debug.state')).toHaveLength(2);
    expect(screen.queryByTestId('paused-tool')).toBeNull();
  });
});
