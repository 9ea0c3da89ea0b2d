import { describe, expect, it } from 'vitest';
import { storeKit } from '../testing/store-kit';

const record = {
  id: 'mcp',
  path: '/p/mcp.json',
  persona: { name: 'Mcp fixture', handlers: ['ovos-native-toolcall-loop'] },
  secretsSet: [],
};
const main = {
  'personas.list': () => ({ personas: [], broken: [] }),
  'personas.get': () => record,
  'chat.sessions': () => ({ sessions: [] }),
  'toolboxes.list': () => ({ toolboxes: [] }),
};
const toasts = (store: ReturnType<typeof storeKit>['store']) => store.getState().toasts.map((t) => [t.kind, t.text]);

describe('importing a persona file (personas slice)', () => {
  it('an import that kept unknown plugins is a warning, not an error: the persona is there, with a caveat', async () => {
    const { store } = storeKit({
      ...main,
      'personas.import': () => ({ record, unknownPluginIds: ['some-unknown-toolbox'], programs: [], replaced: false }),
    });
    expect(await store.getState().importPersona('{}', 'mcp.json')).toBe(true);
    expect(store.getState().selectedId).toBe('mcp');
    expect(toasts(store)).toEqual([
      ['warning', 'Imported “Mcp fixture” (unknown plugins kept as they are: some-unknown-toolbox)'],
    ]);
  });

  it('a file main refuses is named in the error with main’s reason', async () => {
    const { store } = storeKit({
      ...main,
      'personas.import': () => ({ code: 'bad_input', message: 'Not valid JSON: Unexpected end of JSON input' }),
    });
    expect(await store.getState().importPersona('{"name": ', 'broken.json')).toBe(false);
    expect(toasts(store)).toEqual([
      ['error', 'broken.json could not be imported: Not valid JSON: Unexpected end of JSON input'],
    ]);
  });
});
