import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretStore } from './secret-store';

const WRITER = path.resolve('src-main/core/personas/fixtures/secret-writer.ts');

function runWriter(file: string, personaId: string, rounds: number): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, file, personaId, String(rounds)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => resolve(code));
  });
}

describe('secrets.json with several writing processes', () => {
  it('8 processes storing keys at once lose none of them', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'ps-secrets-'));
    const file = path.join(home, 'secrets.json');
    const ids = Array.from({ length: 8 }, (_, i) => `p${i}`);
    const codes = await Promise.all(ids.map((id) => runWriter(file, id, 25)));
    expect(codes).toEqual(ids.map(() => 0));
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { personas: Record<string, { api_key: string }> };
    expect(Object.keys(stored.personas).sort()).toEqual(ids);
    for (const id of ids) expect(stored.personas[id].api_key).toBe(`key-${id}-24`);
    expect(existsSync(`${file}.lock`)).toBe(false);
  }, 60_000);

  it('a lock left by a process that died is taken over', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'ps-secrets-'));
    const file = path.join(home, 'secrets.json');
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(`${file}.lock`, `${dead.pid} abc`);
    const store = new SecretStore(file);
    await store.set('p', { api_key: 'k' });
    expect(await new SecretStore(file).get('p')).toEqual({ api_key: 'k' });
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});
