import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_HISTORY_PER_TOOL, MAX_KEPT_RESULT_CHARS } from '../../../shared/domain/call-history';
import { CallHistoryStore, type CallToRecord } from './call-history-store';

let dir: string;
let store: CallHistoryStore;

const call = (args: Record<string, unknown>, over: Partial<CallToRecord> = {}): CallToRecord => ({
  toolboxId: 'math',
  name: 'add',
  args,
  argumentSchema: { type: 'object' },
  outcome: { ok: true, result: { sum: 3 }, durationMs: 2 },
  ...over,
});

beforeEach(() => {
  dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'ps-calls-')), 'call-history');
  store = new CallHistoryStore(dir);
});

describe('call history store', () => {
  it('keeps calls per persona across a restart (a new store on the same folder), newest first', async () => {
    await store.record('trips', call({ a: 1, b: 2 }));
    await store.record(
      'trips',
      call(
        { a: 5, b: 5 },
        { outcome: { ok: false, durationMs: 1, error: { code: 'tool_input_invalid', message: 'bad' } } },
      ),
    );
    await store.record('other', call({ a: 9 }));
    const again = new CallHistoryStore(dir);
    const trips = await again.list('trips');
    expect(trips.entries.map((e) => e.args)).toEqual([
      { a: 5, b: 5 },
      { a: 1, b: 2 },
    ]);
    expect(trips.entries[0].outcome).toMatchObject({ ok: false, error: { code: 'tool_input_invalid' } });
    expect((await again.list('other')).entries).toHaveLength(1);
  });

  it('keeps the last 50 calls of each tool, and another tool keeps its own', async () => {
    await store.record('p', call({ n: -1 }, { name: 'mul' }));
    for (let n = 0; n < MAX_HISTORY_PER_TOOL + 5; n++) await store.record('p', call({ n }));
    const { entries } = await new CallHistoryStore(dir).list('p');
    const adds = entries.filter((e) => e.name === 'add');
    expect(adds).toHaveLength(MAX_HISTORY_PER_TOOL);
    expect(adds[0].args).toEqual({ n: MAX_HISTORY_PER_TOOL + 4 });
    expect(adds.at(-1)!.args).toEqual({ n: 5 });
    expect(entries.filter((e) => e.name === 'mul')).toHaveLength(1);
  });

  it('never writes secret arguments: they are left out and listed as masked', async () => {
    const schema = { type: 'object', properties: { pin: { type: 'string', format: 'password' } } };
    const entry = await store.record(
      'p',
      call(
        { city: 'Porto', api_key: 'sk-live-123', pin: '4242', auth: { accessToken: 'tok-999' }, max_tokens: 5 },
        {
          argumentSchema: schema,
        },
      ),
    );
    expect(entry.args).toEqual({ city: 'Porto', auth: {}, max_tokens: 5 });
    expect(entry.masked.sort()).toEqual(['api_key', 'auth.accessToken', 'pin']);
    const text = readFileSync(store.fileOf('p'), 'utf8');
    for (const secret of ['sk-live-123', '4242', 'tok-999']) expect(text).not.toContain(secret);
  });

  it('leaves out a result too big to keep, with its size and whether it reported an error', async () => {
    const big = { is_error: true, content: 'x'.repeat(MAX_KEPT_RESULT_CHARS + 10) };
    const entry = await store.record('p', call({}, { outcome: { ok: true, result: big, durationMs: 3 } }));
    expect(entry.outcome).toMatchObject({
      ok: true,
      result: { is_error: true },
      omittedChars: JSON.stringify(big).length,
    });
    expect(readFileSync(store.fileOf('p'), 'utf8').length).toBeLessThan(2000);
  });

  it('saves an entry as a named call that outlives the history; renames and deletes it', async () => {
    const first = await store.record('p', call({ a: 1, b: 2 }));
    const saved = await store.save('p', first.id, '  one plus two ');
    expect(saved).toMatchObject({ label: 'one plus two', toolboxId: 'math', name: 'add', args: { a: 1, b: 2 } });
    for (let n = 0; n < MAX_HISTORY_PER_TOOL; n++) await store.record('p', call({ n }));
    const reloaded = new CallHistoryStore(dir);
    expect((await reloaded.list('p')).entries.some((e) => e.id === first.id)).toBe(false);
    expect((await reloaded.list('p')).saved.map((s) => s.label)).toEqual(['one plus two']);
    expect((await reloaded.rename('p', saved.id, 'sum')).label).toBe('sum');
    expect((await new CallHistoryStore(dir).list('p')).saved[0].label).toBe('sum');
    expect(await reloaded.delete('p', saved.id)).toBe(true);
    expect((await new CallHistoryStore(dir).list('p')).saved).toEqual([]);
  });

  it('refuses an empty name or an unknown entry with a clear error, and changes nothing', async () => {
    const e = await store.record('p', call({ a: 1 }));
    await expect(store.save('p', e.id, '   ')).rejects.toMatchObject({
      code: 'bad_input',
      message: 'Give the saved call a name.',
    });
    await expect(store.save('p', 'nope', 'x')).rejects.toMatchObject({ code: 'not_found' });
    await expect(store.rename('p', 'nope', 'x')).rejects.toMatchObject({ code: 'not_found' });
    expect((await new CallHistoryStore(dir).list('p')).saved).toEqual([]);
  });

  it('reads a broken file as empty and drops only the entries that do not parse', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(store.fileOf('bad'), '{not json');
    expect(await store.list('bad')).toEqual({ entries: [], saved: [] });
    const good = await new CallHistoryStore(dir).record('mixed', call({ a: 1 }));
    const file = JSON.parse(readFileSync(store.fileOf('mixed'), 'utf8'));
    file.entries.push({ id: 'x', junk: true });
    writeFileSync(store.fileOf('mixed'), JSON.stringify(file));
    expect((await new CallHistoryStore(dir).list('mixed')).entries.map((e) => e.id)).toEqual([good.id]);
  });

  it('forgets a persona: its file is gone', async () => {
    await store.record('p', call({ a: 1 }));
    await store.forget('p');
    expect((await new CallHistoryStore(dir).list('p')).entries).toEqual([]);
  });
});
