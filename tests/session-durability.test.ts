import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src-main/core/api/app';
import { startScriptedOpenAIServer, type ScriptedServer } from '../src-main/core/testing/scripted-openai-server';

const CHILD = path.resolve('src-main/core/sessions/fixtures/chat-child.ts');
let provider: ScriptedServer;

beforeAll(async () => {
  provider = await startScriptedOpenAIServer({ loop: true });
  provider.setReplies({ content: 'word '.repeat(400), chunkDelayMs: 1 });
});
afterAll(() => provider.close());

function startChild(home: string, sessionId: string, turns = 1000) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, home, provider.url, sessionId, String(turns)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let rest = '';
  child.stdout.on('data', (d: Buffer) => {
    const parts = (rest + d.toString()).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr.resume();
  return { child, lines, exited: new Promise((resolve) => child.once('exit', resolve)) };
}

function fileEvents(home: string, sessionId: string): Set<string> {
  const file = path.join(home, 'sessions', `${sessionId}.jsonl`);
  if (!existsSync(file)) return new Set();
  const keys = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    try {
      const e = JSON.parse(line) as { runId: string; seq: number };
      keys.add(`${e.runId} ${e.seq}`);
    } catch {
      // a line cut by the kill
    }
  }
  return keys;
}

const waitFor = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('trace events shown are on disk', () => {
  it('after kill -9 during runs, every event the window was shown is in the session file (5 kills)', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'ps-durable-'));
    let shownTotal = 0;
    for (let cycle = 0; cycle < 5; cycle++) {
      const { child, lines, exited } = startChild(home, 'kill-s');
      const target = 300 + Math.floor(Math.random() * 1500);
      // Killed in the middle of a run (the answer streaming), at a random point.
      await waitFor(() => lines.length >= target && / answer_delta$/.test(lines[lines.length - 1]), 60_000);
      child.kill('SIGKILL');
      await exited;
      const shown = lines.filter((l) => l.startsWith('run_')).map((l) => l.split(' ').slice(0, 2).join(' '));
      const onDisk = fileEvents(home, 'kill-s');
      const missing = shown.filter((k) => !onDisk.has(k));
      expect(missing, `cycle ${cycle}: ${missing.length} of ${shown.length} shown events missing`).toEqual([]);
      shownTotal += shown.length;
    }
    expect(shownTotal).toBeGreaterThan(1500);
    // Reopened, the session says that its last run has no end in the file.
    const app = await createApp({ dataDir: home, mode: 'browser' });
    try {
      const { warnings } = await app.context.sessions.load('kill-s');
      expect(warnings.join(' ')).toContain('The file ends before');
    } finally {
      await app.close();
    }
  }, 180_000);
});

/** A tiny tmpfs over the sessions folder (we are root in CI containers); null where mounting is not allowed. */
function mountTinyDisk(dir: string): (() => void) | null {
  mkdirSync(dir, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=128k', 'tmpfs', dir]);
  if (mounted.status !== 0) return null;
  return () => void spawnSync('umount', ['-l', dir]);
}

const home2 = mkdtempSync(path.join(os.tmpdir(), 'ps-full-'));
const unmount = mountTinyDisk(path.join(home2, 'sessions'));

describe.skipIf(!unmount)('a full disk', () => {
  afterAll(() => unmount?.());

  it('a session write that fails is a notice naming the file and the reason; the chat goes on; reopening says the file is short', async () => {
    const { lines, exited } = startChild(home2, 'full-s', 6);
    await exited;
    expect(lines).toContain('all done');
    const notices = lines
      .filter((l) => l.startsWith('notice '))
      .map((l) => JSON.parse(l.slice(7)) as Record<string, unknown>);
    expect(notices[0]).toMatchObject({
      level: 'error',
      sessionId: 'full-s',
      message: `The chat trace cannot be saved to ${path.join(home2, 'sessions', 'full-s.jsonl')}: the disk is full. What the chat shows from now on is not on disk; reopening this session will miss it.`,
    });
    const shown = lines.filter((l) => l.startsWith('run_'));
    expect(shown.length).toBeGreaterThan(6 * 400);
    const app = await createApp({ dataDir: home2, mode: 'browser' });
    try {
      const { warnings } = await app.context.sessions.load('full-s');
      expect(warnings.join(' ')).toContain('The file ends before');
    } finally {
      await app.close();
    }
  }, 120_000);
});
