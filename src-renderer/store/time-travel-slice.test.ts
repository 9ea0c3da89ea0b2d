import { describe, expect, it } from 'vitest';
import { loadedSession, sessionSummary } from '../testing/fixtures';
import { storeKit } from '../testing/store-kit';

describe('time travel slice', () => {
  it('a re-run against another persona opens that persona, then the new session', async () => {
    const { store, ...fake } = storeKit(
      {
        'sessions.rerun': () => ({ sessionId: 's-new', turns: 1 }),
        'personas.get': () => ({
          id: 'other',
          path: '/p/other.json',
          persona: { name: 'Other', handlers: ['ovos-native-toolcall-loop'] },
          secretsSet: [],
        }),
        'chat.loadSession': (input: { sessionId: string }) => loadedSession(input.sessionId),
        'chat.sessions': () => ({ sessions: [] }),
        'toolboxes.list': () => ({ toolboxes: [] }),
      },
      { sessionId: 's1', selectedId: 'calc' },
    );
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
    const { store } = storeKit(
      { 'sessions.diff': () => ({ code: 'not_found', message: 'x' }) },
      {
        sessionId: 'fork',
        sessions: [
          sessionSummary({
            sessionId: 'fork',
            origin: { kind: 'fork', sessionId: 'a', point: { kind: 'user', runId: 'r' }, label: 'x' },
          }),
          sessionSummary({ sessionId: 'a' }),
        ],
      },
    );
    store.getState().openDiff();
    expect(store.getState().diffPair).toEqual({ a: 'a', b: 'fork' });
  });
});
