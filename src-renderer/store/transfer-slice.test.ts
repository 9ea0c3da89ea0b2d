import { describe, expect, it } from 'vitest';
import { loadedSession } from '../testing/fixtures';
import { storeKit } from '../testing/store-kit';

const persona = {
  id: 'trip',
  path: '/p/trip.json',
  persona: { name: 'Trip', handlers: ['ovos-native-toolcall-loop'] },
  secretsSet: [],
};
const main = {
  'personas.list': () => ({ personas: [], broken: [] }),
  'personas.get': () => persona,
  'chat.sessions': () => ({ sessions: [] }),
  'chat.loadSession': (input: { sessionId: string }) => loadedSession(input.sessionId),
  'toolboxes.list': () => ({ toolboxes: [] }),
};
const texts = (store: ReturnType<typeof storeKit>['store']) => store.getState().toasts.map((t) => [t.kind, t.text]);

describe('run bundles (transfer slice)', () => {
  it('an opened bundle selects its persona and shows its session in Chat, and says what waits for approval', async () => {
    const { store, calls } = storeKit(
      { ...main, 'bundles.open': () => ({ personaId: 'trip', sessionId: 's-bundle', programs: [{ id: 'x' }] }) },
      { tab: 'tools' },
    );
    await store.getState().openBundle('{"bundle":1}', 'run.json');
    expect(calls.find((c) => c.method === 'bundles.open')?.input).toEqual({
      text: '{"bundle":1}',
      fileName: 'run.json',
    });
    expect(store.getState().selectedId).toBe('trip');
    expect(store.getState().sessionId).toBe('s-bundle');
    expect(store.getState().tab).toBe('chat');
    expect(calls.some((c) => c.method === 'chat.loadSession')).toBe(true);
    expect(texts(store)).toEqual([['info', 'Opened run.json: its 1 program(s) start only once you approve them.']]);
  });

  it('a bundle main refuses is named in an error toast with main’s message, and nothing changes', async () => {
    const { store } = storeKit(
      { ...main, 'bundles.open': () => ({ code: 'bad_input', message: 'Not a run bundle.' }) },
      { tab: 'tools', sessionId: 's1' },
    );
    await store.getState().openBundle('{}', 'x.json');
    expect(texts(store)).toEqual([['error', 'x.json cannot be opened: Not a run bundle.']]);
    expect(store.getState().sessionId).toBe('s1');
    expect(store.getState().tab).toBe('tools');
  });

  it('an offline re-run shows the new session; one that did not finish says so', async () => {
    let finished = true;
    const { store } = storeKit(
      { ...main, 'bundles.rerunOffline': () => ({ sessionId: 's-replay', finished }) },
      { sessionId: 's-bundle', selectedId: 'trip' },
    );
    await store.getState().rerunBundleOffline('s-bundle');
    expect(store.getState().sessionId).toBe('s-replay');
    finished = false;
    await store.getState().rerunBundleOffline('s-bundle');
    expect(texts(store)).toEqual([
      ['info', 'Re-ran offline.'],
      ['error', 'The offline re-run did not finish.'],
    ]);
  });
});
