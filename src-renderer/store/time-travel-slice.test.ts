import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../shared/ipc/contract';
import { createAppStore } from '.';
import { fakeClient } from './fake-client';

const summary = (sessionId: string, extra: Partial<SessionSummary> = {}): SessionSummary => ({
  sessionId,
  personaId: 'calc',
  personaName: 'Calc',
  title: sessionId,
  startedAt: 0,
  updatedAt: 0,
  runs: 1,
  ...extra,
});
const loaded = (sessionId: string) => ({
  session: summary(sessionId),
  events: [],
  warnings: [],
  interruptedRunIds: [],
});

describe('time travel slice', () => {
  it('a re-run against another persona opens that persona, then the new session', async () => {
    const fake = fakeClient({
      'sessions.rerun': () => ({ sessionId: 's-new', turns: 1 }),
      'personas.get': () => ({
        id: 'other',
        path: '/p/other.json',
        persona: { name: 'Other', handlers: ['ovos-native-toolcall-loop'] },
        secretsSet: [],
      }),
      'chat.loadSession': (input: { sessionId: string }) => loaded(input.sessionId),
      'chat.sessions': () => ({ sessions: [] }),
      'toolboxes.list': () => ({ toolboxes: [] }),
    });
    const store = createAppStore(fake.client);
    store.setState({ sessionId: 's1', selectedId: 'calc' });
    expect(await store.getState().rerun({ personaId: 'other', tools: 'recorded', onMiss: 'fail' })).toBe(true);
    expect(fake.calls.find((c) => c.method === 'sessions.rerun')?.input).toEqual({
      sessionId: 's1',
      target: { personaId: 'other', tools: 'recorded', onMiss: 'fail' },
    });
    expect(fake.calls.find((c) => c.method === 'personas.get')?.input).toEqual({ id: 'other' });
    expect(store.getState().sessionId).toBe('s-new');
    expect(store.getState().rerunOpen).toBe(false);
  });

  it('the diff opens with a fork as B and the session it came from as A', () => {
    const fake = fakeClient({ 'sessions.diff': () => ({ code: 'not_found', message: 'x' }) });
    const store = createAppStore(fake.client);
    store.setState({
      sessionId: 'fork',
      sessions: [
        summary('fork', { origin: { kind: 'fork', sessionId: 'a', point: { kind: 'user', runId: 'r' }, label: 'x' } }),
        summary('a'),
      ],
    });
    store.getState().openDiff();
    expect(store.getState().diffPair).toEqual({ a: 'a', b: 'fork' });
  });
});
