import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionWriter } from './session-writer';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'session-writer-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const writer = (name = 's.jsonl') => new SessionWriter(path.join(dir, 'sub', name), () => undefined, 'H\n');

describe('a session file synced at each turn', () => {
  it('every sync after a write syncs it, even one asked while another runs; one with nothing new adds none', async () => {
    const w = writer();
    await w.append('a\n');
    await w.sync();
    expect(w.diskSyncs).toBe(1);
    // A turn and the run's end written together: the second sync has nothing new to keep.
    await w.sync();
    expect(w.diskSyncs).toBe(1);
    // A line written while a sync runs is not covered by it: the next sync keeps it.
    const first = w.sync();
    await w.append('b\n');
    const second = w.sync();
    await Promise.all([first, second]);
    expect(w.diskSyncs).toBe(2);
    void w.append('c\n');
    const a = w.sync();
    const b = w.sync();
    await Promise.all([a, b]);
    expect(w.diskSyncs).toBe(3);
    await w.close();
    expect(await readFile(w.file, 'utf8')).toBe('H\na\nb\nc\n');
  });

  it('makes its folder when it is missing, and writes again after being closed', async () => {
    const w = writer();
    await w.append('a\n');
    await w.sync();
    await w.close();
    await w.append('b\n');
    await w.sync();
    expect(w.diskSyncs).toBe(2);
    await w.close();
    expect(await readFile(w.file, 'utf8')).toBe('H\na\nb\n');
  });
});

describe('a file opened ahead of the first write', () => {
  const at = (name: string) => new SessionWriter(path.join(dir, name), () => undefined, 'H\n');

  it('is opened while the run works, and gets its header and lines once, in order', async () => {
    const w = at('new.jsonl');
    const first = w.append('a\n');
    w.prepare();
    w.prepare();
    const second = w.append('b\n');
    await Promise.all([first, second]);
    await w.append('c\n');
    await w.close();
    expect(await readFile(w.file, 'utf8')).toBe('H\na\nb\nc\n');
  });

  it('exists before any line is queued (the open runs in the thread pool)', async () => {
    const w = at('ahead.jsonl');
    w.prepare();
    const deadline = Date.now() + 5000;
    while (!existsSync(w.file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    expect(await readFile(w.file, 'utf8')).toBe('');
    await w.append('a\n');
    await w.close();
    expect(await readFile(w.file, 'utf8')).toBe('H\na\n');
  });

  it('appends to a session file that exists (a chat going on), with no second header', async () => {
    const w = at('old.jsonl');
    await w.append('a\n');
    await w.close();
    const again = at('old.jsonl');
    again.prepare();
    await again.append('b\n');
    await again.close();
    expect(await readFile(again.file, 'utf8')).toBe('H\na\nb\n');
  });

  it('leaves a failed open to the first write, which makes the missing folder and writes', async () => {
    const w = writer('later.jsonl');
    w.prepare();
    await w.append('a\n');
    await w.close();
    expect(await readFile(w.file, 'utf8')).toBe('H\na\n');
  });
});
