import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';

const syncs = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const fdatasync = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
    syncs.count++;
    fs.fdatasync(fd, done);
  };
  return { ...fs, default: { ...fs, fdatasync }, fdatasync };
});

const { SessionStore } = await import('./session-store');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'session-syncs-'));
  syncs.count = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A run of `turns` tool turns and an answer, as the loop emits it. */
function shortRun(runId: string, turns: number): TraceEvent[] {
  const base = { runId, iteration: 0, at: 1 };
  const out: Record<string, unknown>[] = [
    {
      type: 'run_started',
      sessionId: 's1',
      personaId: 'p',
      personaName: 'P',
      engine: 'e',
      brain: 'b',
      model: 'm',
      maxIterations: 9,
      tools: [],
    },
    { type: 'user_message', content: 'Add.' },
  ];
  for (let i = 0; i < turns; i++)
    out.push(
      {
        type: 'assistant_message',
        content: '',
        toolCalls: [{ id: `c${i}`, name: 'add', arguments: { a: i } }],
        raw: null,
      },
      {
        type: 'tool_result',
        toolCallId: `c${i}`,
        name: 'add',
        toolboxId: 't',
        arguments: { a: i },
        result: { r: i },
        content: `{"r":${i}}`,
        durationMs: 0,
      },
    );
  out.push(
    { type: 'assistant_message', content: 'Done.', raw: null },
    { type: 'run_finished', answer: 'Done.', iterations: turns + 1, durationMs: 1 },
  );
  return out.map((e, seq) => ({ ...base, seq, ...e }) as TraceEvent);
}

describe('disk syncs of a session file', () => {
  it('a short run written in one burst costs one disk sync, every line in the file', async () => {
    const store = new SessionStore(dir);
    const events = shortRun('run_1', 9);
    await Promise.all(events.map((e) => store.append('s1', e)));
    await store.flush();
    expect(syncs.count).toBe(1);
    const lines = (await readFile(store.fileOf('s1'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(events.length + 1);
  });

  it('each turn written on its own is synced, and so is the run end', async () => {
    const store = new SessionStore(dir);
    const events = shortRun('run_1', 1);
    // Each turn's end and the run's end start a sync in the background (none is asked for here).
    const expected = [0, 0, 1, 1, 2, 3];
    for (const [i, event] of events.entries()) {
      await store.append('s1', event);
      for (let t = 0; t < 400 && syncs.count < expected[i]; t++) await new Promise((r) => setTimeout(r, 5));
      expect(syncs.count).toBe(expected[i]);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(syncs.count).toBe(3);
  });
});
