import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '.';
import { fakeClient } from './fake-client';

const summary = (id: string) => ({ id, name: id, description: '', engine: null, path: `/p/${id}.json`, updatedAt: 1 });

/** A fresh store, as after a reload of the window, on a data folder holding these personas. */
function window(ids: string[]) {
  const fake = fakeClient({
    'personas.list': () => ({ personas: ids.map(summary), broken: [] }),
    'personas.get': (input: { id: string }) => ({
      id: input.id,
      path: `/p/${input.id}.json`,
      persona: { name: input.id, handlers: ['ovos-native-toolcall-loop'] },
      secretsSet: [],
    }),
    'toolboxes.list': () => ({ toolboxes: [] }),
    'chat.sessions': () => ({ sessions: [] }),
  });
  return createAppStore(fake.client);
}

async function start(ids: string[]) {
  const store = window(ids);
  await store.getState().loadPersonas();
  await store.getState().openStartPersona();
  return store;
}

beforeEach(() => localStorage.clear());

describe('the persona opened at start-up', () => {
  it('is the one that was open before the reload, not the first of the list', async () => {
    const first = await start(['alpha', 'beta', 'gamma']);
    expect(first.getState().selectedId).toBe('alpha');
    await first.getState().selectPersona('gamma');
    const reloaded = await start(['alpha', 'beta', 'gamma']);
    expect(reloaded.getState().selectedId).toBe('gamma');
  });

  it('is the first one when the remembered persona is gone', async () => {
    const before = await start(['alpha', 'beta']);
    await before.getState().selectPersona('beta');
    const reloaded = await start(['alpha']);
    expect(reloaded.getState().selectedId).toBe('alpha');
  });
});
