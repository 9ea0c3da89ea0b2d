import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MethodInput, MethodName } from '../../../shared/ipc/contract';
import { createApp } from '../api/app';
import { dispatch } from '../api/dispatch';
import { SettingsStore } from '../settings/settings-store';
import { openPersonaStore } from './open-store';
import { MAX_IMPORT_BYTES, type PersonaStore } from './persona-store';
import { SecretStore } from './secret-store';

const KNOWN = { engines: ['ovos-native-toolcall-loop'], brains: ['ovos-chat-openai-plugin'], toolboxes: [] };
const posix = process.platform !== 'win32';
let home: string;
let store: PersonaStore;

beforeEach(async () => {
  home = mkdtempSync(path.join(os.tmpdir(), 'ps-safety-'));
  ({ personas: store } = await openPersonaStore(home));
});

describe('export to a file', () => {
  it('never replaces an existing file without overwrite; with it, replaces it; never writes over a folder', async () => {
    const out = path.join(home, 'mine.json');
    writeFileSync(out, 'precious notes');
    await expect(store.export('assistant', { path: out })).rejects.toMatchObject({
      code: 'bad_input',
      message: `${out} already exists and is kept as it is; to replace it, export with overwrite (CLI: --force).`,
    });
    expect(readFileSync(out, 'utf8')).toBe('precious notes');
    expect(readdirSync(home).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
    await store.export('assistant', { path: out, overwrite: true });
    expect(JSON.parse(readFileSync(out, 'utf8')).name).toBe('Assistant');
    const folder = path.join(home, 'folder.json');
    mkdirSync(folder);
    await expect(store.export('assistant', { path: folder, overwrite: true })).rejects.toMatchObject({
      code: 'bad_input',
    });
  });

  it('a file written while the export runs is not replaced either', async () => {
    const out = path.join(home, 'race.json');
    const racing = store.export('assistant', { path: out });
    writeFileSync(out, 'written meanwhile');
    await expect(racing).rejects.toMatchObject({ code: 'bad_input' });
    expect(readFileSync(out, 'utf8')).toBe('written meanwhile');
  });
});

describe('two exports to one new file at once', () => {
  it('one writes it, the other is refused (the no-replace check is atomic, not only a look before)', async () => {
    const out = path.join(home, 'both.json');
    const results = await Promise.allSettled([
      store.export('assistant', { path: out }),
      store.export('assistant', { path: out, withSecrets: true }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      ['bad_input'],
    );
    expect(readdirSync(home).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
  });
});

describe('import from a file', () => {
  it('refuses a folder, and a file or text too large to be a persona, with clear errors', async () => {
    await expect(store.import({ path: home }, KNOWN)).rejects.toMatchObject({
      code: 'bad_input',
      message: `${home} is not a file.`,
    });
    const big = path.join(home, 'big.json');
    writeFileSync(big, Buffer.alloc(MAX_IMPORT_BYTES + 1, 0x20));
    await expect(store.import({ path: big }, KNOWN)).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining('too large'),
    });
    await expect(store.import({ text: ' '.repeat(MAX_IMPORT_BYTES + 1) }, KNOWN)).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining('too large'),
    });
  });
});

describe('file paths from API clients (the window, a browser page with the token)', () => {
  async function call<M extends MethodName>(method: M, input: MethodInput<M>) {
    const app = await createApp({ dataDir: home, mode: 'browser' });
    try {
      return await dispatch(app.handlers, { id: 1, method, input }, { transport: 'ws' });
    } finally {
      await app.close();
    }
  }

  it('imports read absolute .json paths only; exports never go where a client says (browser mode: exports/)', async () => {
    const secretish = path.join(home, 'notes.txt');
    writeFileSync(secretish, 'a private note');
    expect(await call('personas.import', { path: secretish })).toMatchObject({
      ok: false,
      error: { code: 'bad_input', message: `'${secretish}' is not a .json file: persona files are JSON (name.json).` },
    });
    expect(await call('personas.import', { path: 'relative.json' })).toMatchObject({
      ok: false,
      error: { code: 'bad_input', message: expect.stringContaining('not an absolute path') },
    });
    // A client never names where an export goes: a path it sends is not used, even with overwrite; browser mode
    // writes into the data folder's exports/, and replaces an export there only with overwrite.
    const planted = path.join(home, 'claude_desktop_config.json');
    writeFileSync(planted, '{"mcpServers": {}}');
    const out = path.join(home, 'exports', 'assistant.json');
    const sneaky = { id: 'assistant', to: 'file', path: planted, overwrite: true } as MethodInput<'personas.export'>;
    expect(await call('personas.export', sneaky)).toMatchObject({ ok: true, output: { path: out, cancelled: false } });
    expect(readFileSync(planted, 'utf8')).toBe('{"mcpServers": {}}');
    expect(await call('personas.export', { id: 'assistant', to: 'file' })).toMatchObject({
      ok: false,
      error: { code: 'bad_input', details: { path: out, exists: true } },
    });
    expect(await call('personas.export', { id: 'assistant', to: 'file', overwrite: true })).toMatchObject({ ok: true });
    expect(await call('personas.import', { path: out, onConflict: 'keep-both' })).toMatchObject({
      ok: true,
      output: { record: { id: 'assistant-2' } },
    });
  });
});

describe('secrets.json', () => {
  it('is made owner-only when it was wider, also when it does not parse; its content is not echoed in the error', async () => {
    const file = path.join(home, 'secrets.json');
    writeFileSync(file, '{"version":1,"personas":{"a":{"k":"sk-live-123"}} oops');
    chmodSync(file, 0o644);
    const secrets = new SecretStore(file);
    const failure = await secrets.get('a').catch((error: Error) => error);
    expect(failure).toMatchObject({ code: 'internal' });
    expect((failure as Error).message).toContain('does not parse (not valid JSON); it is left as it is');
    expect((failure as Error).message).not.toContain('sk-live');
    if (posix) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('oops');
    await expect(secrets.set('a', { k: 'v' })).rejects.toMatchObject({ code: 'internal' });
    expect(readFileSync(file, 'utf8')).toContain('oops');
  });
});

describe('settings.json', () => {
  it('a broken file reads as the defaults and is copied aside (not lost) when settings are saved', async () => {
    const file = path.join(home, 'settings.json');
    writeFileSync(file, '{ "theme": "dark", oops');
    const settings = new SettingsStore(file);
    expect(await settings.get()).toEqual({ theme: 'system', busUrl: null });
    expect(readFileSync(file, 'utf8')).toBe('{ "theme": "dark", oops');
    await settings.save({ theme: 'light', busUrl: null });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ theme: 'light', busUrl: null });
    const aside = readdirSync(home).filter((n) => n.startsWith('settings.json.broken-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(home, aside[0]), 'utf8')).toBe('{ "theme": "dark", oops');
    await settings.save({ theme: 'dark', busUrl: null });
    expect(readdirSync(home).filter((n) => n.startsWith('settings.json.broken-'))).toHaveLength(1);
    expect(existsSync(file)).toBe(true);
  });
});

describe('persona files whose name is not an id', () => {
  it('are listed as broken with how to rename them, never as personas that cannot be opened', async () => {
    writeFileSync(
      path.join(home, 'personas', 'My Persona.json'),
      JSON.stringify({ name: 'Mine', handlers: ['ovos-native-toolcall-loop'] }),
    );
    const { personas, broken } = await store.list();
    expect(personas.map((p) => p.id)).toEqual(['assistant']);
    expect(broken).toMatchObject([
      {
        id: 'My Persona',
        error: {
          code: 'persona_invalid',
          message:
            'The file name is not a persona id (letters, digits, _ . -, at most 100): rename it, e.g. to my-persona.json.',
        },
      },
    ]);
  });
});

describe('secrets.json shared by the app and the CLI (two processes, two stores on one file)', () => {
  it("one store's write never drops keys the other wrote meanwhile", async () => {
    const file = path.join(home, 'shared-secrets.json');
    const appStore = new SecretStore(file);
    const cliStore = new SecretStore(file);
    expect(await appStore.get('a')).toEqual({});
    await cliStore.set('imported', { 'x.api_key': 'sk-from-cli' });
    expect(await appStore.get('imported')).toEqual({ 'x.api_key': 'sk-from-cli' });
    await appStore.set('edited', { 'y.api_key': 'sk-from-app' });
    const fresh = new SecretStore(file);
    expect(await fresh.get('imported')).toEqual({ 'x.api_key': 'sk-from-cli' });
    expect(await fresh.get('edited')).toEqual({ 'y.api_key': 'sk-from-app' });
  });
});

describe('a write that cannot happen', () => {
  it('says which file and why, in words', async () => {
    const target = path.join(home, 'no-such-folder', 'out.json');
    await expect(store.export('assistant', { path: target })).rejects.toMatchObject({
      code: 'forbidden',
      message: `Cannot write ${target}: its folder does not exist. Nothing was changed.`,
    });
  });
});

describe('concurrent writes to one persona', () => {
  const keyed = (n: number) => ({
    name: `P${n}`,
    description: `version ${n} ${'x'.repeat(5000)}`,
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': {
      brain: 'ovos-chat-openai-plugin',
      'ovos-chat-openai-plugin': { api_url: 'http://127.0.0.1:1/v1', api_key: `sk-${n}` },
    },
  });

  it('many saves at once: the last one wins, the file is always whole, no temp file is left', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, n) => store.save('same', keyed(n))));
    const text = readFileSync(path.join(home, 'personas', 'same.json'), 'utf8');
    expect(JSON.parse(text).name).toBe('P19');
    expect(await store.loadWithSecrets('same')).toMatchObject({
      'ovos-native-toolcall-loop': { 'ovos-chat-openai-plugin': { api_key: 'sk-19' } },
    });
    expect(readdirSync(path.join(home, 'personas')).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
  });

  it('a save racing a delete: the file and its key follow the last call, never a file without its key or a key without its file', async () => {
    await store.save('raced', keyed(1));
    await Promise.all([store.save('raced', keyed(2)), store.delete('raced')]);
    expect(existsSync(path.join(home, 'personas', 'raced.json'))).toBe(false);
    expect(await store.secrets.get('raced')).toEqual({});
    await Promise.all([store.delete('raced'), store.save('raced', keyed(3))]);
    expect(await store.loadWithSecrets('raced')).toMatchObject({
      name: 'P3',
      'ovos-native-toolcall-loop': { 'ovos-chat-openai-plugin': { api_key: 'sk-3' } },
    });
  });
});
