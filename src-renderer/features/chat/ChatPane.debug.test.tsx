import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { NO_BREAKPOINTS, type PauseState } from '../../../shared/domain/debug';
import { createAppStore } from '../../store';
import { StoreProvider } from '../../store/context';
import { fakeClient } from '../../store/fake-client';
import { sampleRun } from './trace-fixtures';
import { ChatPane } from './ChatPane';

afterEach(cleanup);

const pause: PauseState = {
  pauseId: 'p1',
  runId: 'run-1',
  sessionId: 'session-1',
  personaId: 'calc',
  iteration: 1,
  reason: 'breakpoint',
  since: Date.now() - 3000,
  at: {
    kind: 'tool',
    toolCallId: 'c1',
    name: 'add',
    toolboxId: 'math',
    arguments: { a: 2, b: 3 },
    ranArguments: null,
    argumentSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
    outputSchema: { type: 'object' },
    error: null,
    index: 0,
    count: 2,
  },
};

describe('ChatPane with a paused run in main', () => {
  it('comes back to the paused run after a reload, and asks main again when the connection returns', async () => {
    let paused = [pause];
    const fake = fakeClient({
      'debug.getBreakpoints': () => ({
        breakpoints: { ...NO_BREAKPOINTS, beforeTools: { enabled: true, tools: [], conditions: [] } },
      }),
      'debug.state': () => ({ paused }),
      'chat.loadSession': () => ({
        session: {
          sessionId: 'session-1',
          personaId: 'calc',
          personaName: 'C',
          title: 't',
          startedAt: 1,
          updatedAt: 2,
          runs: 1,
        },
        events: sampleRun('run-1', 'session-1').slice(0, 3),
      }),
      'chat.sessions': () => ({ sessions: [] }),
    });
    const store = createAppStore(fake.client);
    store.setState({ selectedId: 'calc', connection: 'open' });
    await act(async () => {
      render(
        <StoreProvider store={store}>
          <ChatPane />
        </StoreProvider>,
      );
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
