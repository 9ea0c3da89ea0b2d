import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../atomic-write';
import { DEFAULT_PERSONA_ID } from './default-persona';
import { openPersonaStore } from './open-store';
import type { PersonaStore } from './persona-store';

const SEED = path.resolve('examples/native_toolcall_persona.json');
const KNOWN = {
  engines: ['ovos-native-toolcall-loop', 'ovos-react-loop'],
  brains: ['ovos-chat-openai-plugin'],
  toolboxes: ['ovos-math-tools', 'ovos-clock-tools'],
};
const SEED_KEY_PATH = 'ovos-native-toolcall-loop.ovos-chat-openai-plugin.api_key';

let home: string;
let store: PersonaStore;

beforeEach(async () => {
  home = mkdtempSync(path.join(os.tmpdir(), 'ps-store-'));
  ({ personas: store } = await openPersonaStore(home));
});

const persona = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  handlers: ['ovos-native-toolcall-loop'],
  ...extra,
});

describe('a new data folder', () => {
  it('gets one ready persona on the built-in toolboxes and a local Ollama brain, once', async () => {
    const { personas } = await store.list();
    expect(personas.map((p) => p.id)).toEqual([DEFAULT_PERSONA_ID]);
    const { persona: p } = await store.get(DEFAULT_PERSONA_ID);
    const engine = p['ovos-native-toolcall-loop'] as Record<string, unknown>;
    expect(engine.toolboxes).toEqual(['ovos-math-tools', 'ovos-clock-tools']);
    expect(engine['ovos-chat-openai-plugin']).toMatchObject({ api_url: 'http://localhost:11434/v1', model: 'qwen2.5' });
    await store.delete(DEFAULT_PERSONA_ID);
    const again = await openPersonaStore(home);
    expect(again.seeded).toBe(false);
    expect((await again.personas.list()).personas).toEqual([]);
  });
});

describe('atomic writes', () => {
  it('leaves the old file whole when the rename fails, and no temp file behind', async () => {
    const saved = await store.save('calc', persona('Calc'));
    const before = readFileSync(saved.path, 'utf8');
    const fail = async () => {
      throw Object.assign(new Error('EIO: disk gone'), { code: 'EIO' });
    };
    await expect(writeFileAtomic(saved.path, '{"name": "half', { rename: fail })).rejects.toThrow('EIO');
    expect(readFileSync(saved.path, 'utf8')).toBe(before);
    expect(readdirSync(path.dirname(saved.path)).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('leaves the old file whole when the writing process is killed half-way', async () => {
    const saved = await store.save('calc', persona('Calc'));
    const before = readFileSync(saved.path, 'utf8');
    const script = path.join(home, 'writer.mts');
    writeFileSync(
      script,
      `import { writeFileAtomic } from ${JSON.stringify(path.resolve('src-main/core/atomic-write.ts'))};
await writeFileAtomic(${JSON.stringify(saved.path)}, JSON.stringify({ name: 'New', handlers: ['x'], big: 'y'.repeat(1_000_000) }), {
  beforeRename: async () => { process.stdout.write('temp written\\n'); await new Promise(() => setInterval(() => undefined, 1000)); },
});`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('temp written') && resolve());
      child.on('exit', (code) => reject(new Error(`writer exited early (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(readFileSync(saved.path, 'utf8')).toBe(before);
    const leftovers = readdirSync(path.dirname(saved.path)).filter((n) => n.startsWith('.tmp-'));
    expect(leftovers).toHaveLength(1);
    const { personas, broken } = await store.list();
    expect(personas.find((p) => p.id === 'calc')?.name).toBe('Calc');
    expect(broken).toEqual([]);
  });
});

describe('broken files', () => {
  it('lists a file that does not parse with its path and error, keeps it byte-identical, refuses to save over it', async () => {
    const file = path.join(home, 'personas', 'mangled.json');
    const bytes = '{"name": "Mangled", "handlers": ["ovos-native-toolcall-loop"],,}\n';
    writeFileSync(file, bytes);
    const invalid = path.join(home, 'personas', 'nohandlers.json');
    writeFileSync(invalid, '{"name": "X"}');

    const { broken } = await store.list();
    expect(broken.map((b) => [b.id, b.path, b.error.code])).toEqual([
      ['mangled', file, 'persona_invalid'],
      ['nohandlers', invalid, 'persona_invalid'],
    ]);
    expect(broken[0].error.message).toMatch(/^Not valid JSON: /);
    expect(broken[1].error.message).toBe(
      'Not a valid persona: handlers: personas must have at least 1 utterance handler',
    );

    await expect(store.save('mangled', persona('Replacement'))).rejects.toMatchObject({
      code: 'persona_invalid',
      message: expect.stringContaining('kept as it is'),
    });
    await expect(store.get('mangled')).rejects.toMatchObject({ code: 'persona_invalid' });
    expect(readFileSync(file, 'utf8')).toBe(bytes);

    // A new persona with the same name gets a new id instead of the broken one.
    const fresh = await store.save(undefined, persona('Mangled'));
    expect(fresh.id).toBe('mangled-2');
    expect(readFileSync(file, 'utf8')).toBe(bytes);

    // Deleting it is the user's choice; then the id is free again.
    expect(await store.delete('mangled')).toBe(true);
    expect((await store.save('mangled', persona('Replacement'))).persona.name).toBe('Replacement');
  });
});

describe('import and export', () => {
  it('imports the seed example, moving its API key out to a 0600 secrets file', async () => {
    const { record, unknownPluginIds } = await store.import({ path: SEED }, KNOWN);
    expect(record.id).toBe('native_toolcall_persona');
    expect(unknownPluginIds).toEqual([]);
    expect(record.secretsSet).toEqual([SEED_KEY_PATH]);
    const onDisk = readFileSync(record.path, 'utf8');
    expect(onDisk).not.toContain('not-needed-for-local');
    expect(JSON.stringify(record.persona)).not.toContain('api_key');
    const secretsFile = path.join(home, 'secrets.json');
    expect(readFileSync(secretsFile, 'utf8')).toContain('not-needed-for-local');
    if (process.platform !== 'win32') expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
    const loaded = await store.loadWithSecrets(record.id);
    expect(
      (loaded['ovos-native-toolcall-loop'] as Record<string, Record<string, unknown>>)['ovos-chat-openai-plugin']
        .api_key,
    ).toBe('not-needed-for-local');
  });

  it('export after import is lossless apart from the secret (key order and _comment keys kept); with secrets, identical', async () => {
    const original = JSON.parse(readFileSync(SEED, 'utf8'));
    const { record } = await store.import({ path: SEED }, KNOWN);
    const plain = JSON.parse((await store.export(record.id)).text);
    const expected = structuredClone(original);
    delete expected['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'].api_key;
    expect(plain).toEqual(expected);
    expect(Object.keys(plain)).toEqual(Object.keys(original));
    const out = path.join(home, 'exported.json');
    const full = await store.export(record.id, { withSecrets: true, path: out });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(original);
    expect(full.path).toBe(out);
    if (process.platform !== 'win32') expect(statSync(out).mode & 0o777).toBe(0o600);
  });

  it('names plugin ids that are not installed and keeps unknown keys', async () => {
    const text = JSON.stringify({
      name: 'Odd',
      handlers: ['ovos-native-toolcall-loop', 'ovos-solver-wolfram'],
      custom_key: { nested: [1, 2] },
      'ovos-native-toolcall-loop': {
        brain: 'ovos-chat-claude-plugin',
        toolboxes: ['ovos-math-tools', 'ovos-weather-tools'],
      },
    });
    const { record, unknownPluginIds } = await store.import({ text, fileName: 'odd.json' }, KNOWN);
    expect(unknownPluginIds).toEqual(['ovos-solver-wolfram', 'ovos-chat-claude-plugin', 'ovos-weather-tools']);
    expect(record.persona.custom_key).toEqual({ nested: [1, 2] });
  });

  it('refuses text that is not a persona, writing nothing', async () => {
    await expect(store.import({ text: '{"handlers": []}' }, KNOWN)).rejects.toMatchObject({ code: 'persona_invalid' });
    expect(readdirSync(path.join(home, 'personas'))).toEqual([`${DEFAULT_PERSONA_ID}.json`]);
  });

  it('asks before importing a persona that exists: refused with persona_exists, nothing written', async () => {
    const first = await store.import({ path: SEED }, KNOWN);
    const before = readdirSync(path.join(home, 'personas')).sort();
    await expect(store.import({ path: SEED }, KNOWN)).rejects.toMatchObject({
      code: 'persona_exists',
      details: { id: first.record.id, name: first.record.persona.name },
    });
    expect(readdirSync(path.join(home, 'personas')).sort()).toEqual(before);
  });

  it('keeps both on request: the new one is "<name> (2)" under a new id, the old one untouched', async () => {
    const first = await store.import({ path: SEED }, KNOWN);
    const second = await store.import({ path: SEED }, KNOWN, { onConflict: 'keep-both' });
    const third = await store.import({ path: SEED }, KNOWN, { onConflict: 'keep-both' });
    expect(second.record.id).toBe('native_toolcall_persona-2');
    expect(second.record.persona.name).toBe(`${first.record.persona.name} (2)`);
    expect(third.record.persona.name).toBe(`${first.record.persona.name} (3)`);
    expect(existsSync(first.record.path)).toBe(true);
  });

  it('replaces on request: same id, the file’s content, no second persona', async () => {
    const first = await store.import({ path: SEED }, KNOWN);
    await store.save(first.record.id, { ...first.record.persona, description: 'edited here' });
    const again = await store.import({ path: SEED }, KNOWN, { onConflict: 'replace' });
    expect(again).toMatchObject({ replaced: true, record: { id: first.record.id } });
    expect(again.record.persona.description).not.toBe('edited here');
    expect((await store.list()).personas.filter((p) => p.name === first.record.persona.name)).toHaveLength(1);
  });
});

describe('secrets on save', () => {
  it('keeps a stored key when the editor saves without it, forgets it on "", drops it with its block', async () => {
    const brain = (extra: Record<string, unknown>) =>
      persona('K', {
        'ovos-native-toolcall-loop': {
          brain: 'ovos-chat-openai-plugin',
          'ovos-chat-openai-plugin': { model: 'm', ...extra },
        },
      });
    const key = 'ovos-native-toolcall-loop.ovos-chat-openai-plugin.api_key';
    expect((await store.save('k', brain({ api_key: 'sk-1' }))).secretsSet).toEqual([key]);
    expect((await store.save('k', brain({}))).secretsSet).toEqual([key]);
    expect(JSON.stringify(await store.loadWithSecrets('k'))).toContain('sk-1');
    expect((await store.save('k', brain({ api_key: '' }))).secretsSet).toEqual([]);
    expect(JSON.stringify(await store.loadWithSecrets('k'))).not.toContain('sk-1');
    await store.save('k', brain({ api_key: 'sk-2' }));
    expect((await store.save('k', persona('K'))).secretsSet).toEqual([]);
  });

  it('forgets the stored secrets it is told to (a map entry the form cannot clear), keeping the others', async () => {
    const utcp = (variables: Record<string, string>) =>
      persona('U', {
        'ovos-native-toolcall-loop': {
          toolboxes: ['ovos-utcp-toolbox'],
          'ovos-utcp-toolbox': { utcp_config: { manual_call_templates: [], variables } },
        },
      });
    const path = (name: string) => `ovos-native-toolcall-loop.ovos-utcp-toolbox.utcp_config.variables.${name}`;
    const saved = await store.save('u', utcp({ weather_TOKEN: 'tok-1', weather_KEY: 'key-1' }));
    expect(saved.secretsSet.sort()).toEqual([path('weather_KEY'), path('weather_TOKEN')]);
    // Saved again without them (as the editor does), they stay; told to forget one, it goes.
    expect((await store.save('u', utcp({}))).secretsSet.sort()).toEqual([path('weather_KEY'), path('weather_TOKEN')]);
    const after = await store.save('u', utcp({}), { forgetSecrets: [path('weather_TOKEN')] });
    expect(after.secretsSet).toEqual([path('weather_KEY')]);
    const loaded = JSON.stringify(await store.loadWithSecrets('u'));
    expect(loaded).not.toContain('tok-1');
    expect(loaded).toContain('key-1');
  });

  it('duplicates a persona with its secrets under a new id', async () => {
    const { record } = await store.import({ path: SEED }, KNOWN);
    const copy = await store.duplicate(record.id);
    expect(copy.id).toBe('calculator-copy');
    expect(copy.persona.name).toBe('Calculator (copy)');
    expect(copy.secretsSet).toEqual([SEED_KEY_PATH]);
  });
});

describe('concurrent creations', () => {
  it('never give two imports the same id', async () => {
    const results = await Promise.all([1, 2, 3].map(() => store.import({ path: SEED }, KNOWN)));
    expect(results.map((r) => r.record.id).sort()).toEqual([
      'native_toolcall_persona',
      'native_toolcall_persona-2',
      'native_toolcall_persona-3',
    ]);
    expect((await store.list()).personas).toHaveLength(4);
  });
});
