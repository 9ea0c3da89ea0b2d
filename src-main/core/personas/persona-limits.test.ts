import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { StudioError } from '../errors';
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

describe('a persona and its secrets are saved together', () => {
  const failing = () => {
    secrets.set = async () => {
      throw new StudioError('forbidden', `Cannot write ${secrets.file}: the disk is full. Nothing was changed.`);
    };
  };

  it('an import whose key cannot be stored leaves no persona behind, and the retry makes exactly one', async () => {
    const set = secrets.set.bind(secrets);
    failing();
    const text = JSON.stringify(withKey('Keyed'));
    await expect(store.import({ text }, KNOWN)).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('Nothing was changed.'),
    });
    expect((await store.list()).personas.map((p) => p.id)).toEqual(['assistant']);
    secrets.set = set;
    await store.import({ text }, KNOWN);
    expect((await store.list()).personas.map((p) => p.id)).toEqual(['assistant', 'keyed']);
    expect(await secrets.get('keyed')).toEqual({ [`${ENGINE}.${BRAIN}.api_key`]: 'sk-1' });
  });

  it('a save over an existing persona whose key cannot be stored puts the old file back', async () => {
    const saved = await store.save('keyed', withKey('Keyed'));
    const before = readFileSync(saved.path, 'utf8');
    failing();
    await expect(store.save('keyed', { ...withKey('Renamed') })).rejects.toMatchObject({ code: 'forbidden' });
    expect(readFileSync(saved.path, 'utf8')).toBe(before);
  });
});

describe('leftovers of interrupted writes', () => {
  it('temp files of writers killed with kill -9 are removed at the next start', async () => {
    const script = path.join(home, 'writer.mts');
    const atomic = JSON.stringify(path.resolve('src-main/core/personas/atomic-write.ts'));
    const targets = [path.join(home, 'personas', 'assistant.json'), path.join(home, 'secrets.json')];
    writeFileSync(
      script,
      `import { writeFileAtomic } from ${atomic};
await writeFileAtomic(process.argv[2], '{"version":1,"personas":{"x":{"api_key":"sk-secret"}}}', {
  beforeRename: async () => { process.stdout.write('temp written\\n'); await new Promise(() => setInterval(() => undefined, 1000)); },
});`,
    );
    for (let cycle = 0; cycle < 4; cycle++) {
      const child = spawn(process.execPath, ['--import', 'tsx', script, targets[cycle % 2]], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => d.toString().includes('temp written') && resolve());
        child.on('exit', (code) => reject(new Error(`writer exited early (${code})`)));
      });
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const temps = () =>
      [home, path.join(home, 'personas')].flatMap((d) => readdirSync(d).filter((n) => n.startsWith('.tmp-')));
    expect(temps()).toHaveLength(4);
    // A write under way in a live process is left alone.
    const live = path.join(home, `.tmp-settings.json.${process.ppid}-abcdef`);
    writeFileSync(live, '{}');
    await openPersonaStore(home);
    expect(temps()).toEqual([path.basename(live)]);
  }, 30_000);
});
