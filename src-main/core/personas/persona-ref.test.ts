import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPersonaStore } from './open-store';
import { readPersonaRef } from './persona-ref';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'persona-ref-'));
});
afterEach(() => rm(home, { recursive: true, force: true }));

const persona = (apiKey?: string) => ({
  name: 'Ref',
  handlers: ['ovos-native-toolcall-loop'],
  'ovos-native-toolcall-loop': {
    brain: 'ovos-chat-openai-plugin',
    'ovos-chat-openai-plugin': { model: 'm', ...(apiKey ? { api_key: apiKey } : {}) },
  },
});

describe('readPersonaRef: a persona file or an id in the data folder', () => {
  it('reads a file as it is', async () => {
    const file = path.join(home, 'p.json');
    await writeFile(file, JSON.stringify(persona()));
    expect((await readPersonaRef(file, home)).name).toBe('Ref');
  });

  it('reads an id from the data folder with its stored API key merged in', async () => {
    const { personas } = await openPersonaStore(home);
    await personas.save('ref', persona('sk-secret'));
    const read = (await readPersonaRef('ref', home)) as unknown as Record<
      string,
      Record<string, Record<string, unknown>>
    >;
    expect(read['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'].api_key).toBe('sk-secret');
  });

  it('names what is wrong: a missing file, a broken file, an unknown id', async () => {
    const broken = path.join(home, 'broken.json');
    await writeFile(broken, '{"name": 1}');
    await expect(readPersonaRef(path.join(home, 'nope.json'), home)).rejects.toMatchObject({
      code: 'persona_not_found',
      message: expect.stringContaining('Cannot read persona file'),
    });
    await expect(readPersonaRef(broken, home)).rejects.toMatchObject({
      code: 'persona_invalid',
      message: expect.stringContaining(`${broken}: Not a valid persona: name:`),
    });
    await expect(readPersonaRef('ghost', home)).rejects.toMatchObject({ code: 'persona_not_found' });
  });
});
