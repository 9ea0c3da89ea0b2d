import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openPersonaStore } from './open-store';
import type { PersonaStore } from './persona-store';
import type { SecretStore } from './secret-store';

const KNOWN = { engines: ['ovos-native-toolcall-loop'], brains: ['ovos-chat-openai-plugin'], toolboxes: [] };
const ENGINE = 'ovos-native-toolcall-loop';
const BRAIN = 'ovos-chat-openai-plugin';
let home: string;
let store: PersonaStore;
let secrets: SecretStore;

beforeEach(async () => {
  home = mkdtempSync(path.join(os.tmpdir(), 'ps-limits-'));
  ({ personas: store, secrets } = await openPersonaStore(home));
});

const withKey = (name: string) => ({
  name,
  handlers: [ENGINE],
  [ENGINE]: { brain: BRAIN, [BRAIN]: { model: 'm', api_key: 'sk-1' } },
});

describe('persona JSON from outside', () => {
  it('a persona nested 5,000 levels is refused on import with a clear error, not a stack overflow', async () => {
    const deep = `{"name":"Deep","handlers":["${ENGINE}"],"x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    await expect(store.import({ text: deep }, KNOWN)).rejects.toMatchObject({
      code: 'persona_invalid',
      message: 'Not a valid persona: The JSON is nested deeper than 256 levels, the limit.',
    });
    // The same object handed to save (the API parses bodies itself) is refused the same way.
    const value: Record<string, unknown> = { name: 'Deep', handlers: [ENGINE] };
    let node: unknown[] = [];
    value.x = node;
    for (let i = 0; i < 5000; i++) node = (node[0] = []) as unknown[];
    await expect(store.save(undefined, value)).rejects.toMatchObject({ code: 'persona_invalid' });
    const { personas, broken } = await store.list();
    expect(personas.map((p) => p.id)).toEqual(['assistant']);
    expect(broken).toEqual([]);
  });

  it('a deep persona file on disk is listed as broken with that error', async () => {
    writeFileSync(path.join(home, 'personas', 'deep.json'), `{"name":"D","x":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    const { broken } = await store.list();
    expect(broken).toMatchObject([{ id: 'deep', error: { message: expect.stringContaining('nested deeper') } }]);
  });

  it('__proto__ keys are refused with an error naming them, and no key is stored', async () => {
    const text = JSON.stringify(withKey('Proto')).replace('"model"', '"__proto__":{"api_key":"sk-2"},"model"');
    await expect(store.import({ text }, KNOWN)).rejects.toMatchObject({
      code: 'persona_invalid',
      message: `Not a valid persona: The JSON has a "__proto__" key, which is refused (it would be dropped silently): ${ENGINE}.${BRAIN}.__proto__.`,
    });
    expect(await secrets.get('proto')).toEqual({});
    expect((await store.list()).personas.map((p) => p.id)).toEqual(['assistant']);
  });

  it('a persona file with a UTF-8 BOM loads', async () => {
    writeFileSync(
      path.join(home, 'personas', 'bom.json'),
      `\ufeff${JSON.stringify({ name: 'Bom', handlers: [ENGINE] })}`,
    );
    const { personas, broken } = await store.list();
    expect(broken).toEqual([]);
    expect(personas.map((p) => p.id)).toContain('bom');
    expect((await store.get('bom')).persona.name).toBe('Bom');
    const imported = await store.import(
      { text: `\ufeff${JSON.stringify({ name: 'Bom2', handlers: [ENGINE] })}` },
      KNOWN,
    );
    expect(imported.record.persona.name).toBe('Bom2');
  });
});
