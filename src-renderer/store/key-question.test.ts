import { describe, expect, it } from 'vitest';
import type { PersonaFile } from '../../shared/domain/persona';
import { patchBrain } from '../lib/persona-model';
import { fakeClient } from './fake-client';
import { createAppStore } from './index';

const BRAIN = 'ovos-chat-openai-plugin';
const KEY = `ovos-native-toolcall-loop.${BRAIN}.api_key`;
const persona = {
  name: 'Keyed',
  handlers: ['ovos-native-toolcall-loop'],
  'ovos-native-toolcall-loop': { brain: BRAIN, [BRAIN]: { model: 'm', api_url: 'http://old.example:1/v1' } },
} as PersonaFile;
const record = (p: PersonaFile) => ({
  id: 'keyed',
  path: '/p/keyed.json',
  persona: p,
  secretsSet: [KEY],
  secretsHeld: [],
});

function setup() {
  const saved: Array<{ persona: PersonaFile; rebindSecrets?: string[] }> = [];
  const { client } = fakeClient({
    'personas.get': () => record(persona),
    'personas.save': (input: { persona: PersonaFile; rebindSecrets?: string[] }) => (
      saved.push(input),
      record(input.persona)
    ),
    'personas.list': () => ({ personas: [], broken: [] }),
    'toolboxes.list': () => ({ toolboxes: [] }),
    'chat.sessions': () => ({ sessions: [] }),
  });
  return { store: createAppStore(client), saved };
}

describe('saving a brain with a new api_url while a key is stored', () => {
  it('asks first and saves nothing until answered; "keep" rebinds the key, "forget" clears it', async () => {
    const { store, saved } = setup();
    await store.getState().selectPersona('keyed');
    store.getState().updateDraft((p) => patchBrain(p, { api_url: 'http://new.example:2/v1' }));
    expect(await store.getState().savePersona()).toBe(false);
    expect(saved).toEqual([]);
    expect(store.getState().keyQuestion).toEqual({
      path: KEY,
      from: 'http://old.example:1',
      to: 'http://new.example:2',
    });
    await store.getState().answerKeyQuestion('keep');
    expect(saved[0].rebindSecrets).toEqual([KEY]);
    expect(JSON.stringify(saved[0].persona)).not.toContain('api_key');

    store.getState().updateDraft((p) => patchBrain(p, { api_url: 'http://third.example/v1' }));
    await store.getState().savePersona();
    await store.getState().answerKeyQuestion('forget');
    expect(saved[1].rebindSecrets).toBeUndefined();
    expect(
      (saved[1].persona['ovos-native-toolcall-loop'] as Record<string, Record<string, unknown>>)[BRAIN].api_key,
    ).toBe('');
  });

  it('does not ask when only the path changes on the same server, or a new key is typed', async () => {
    const { store, saved } = setup();
    await store.getState().selectPersona('keyed');
    store.getState().updateDraft((p) => patchBrain(p, { api_url: 'http://old.example:1/other/v1' }));
    expect(await store.getState().savePersona()).toBe(true);
    store.getState().updateDraft((p) => patchBrain(p, { api_url: 'http://new.example/v1', api_key: 'sk-new' }));
    expect(await store.getState().savePersona()).toBe(true);
    expect(saved).toHaveLength(2);
    expect(store.getState().keyQuestion).toBeNull();
  });
});
