import { mkdtemp, readFile, rm, appendFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import { StudioError } from '../errors';
import { setLogSink } from '../log';
import { historyFromEvents, SessionStore } from './session-store';
import { newSessionId, SESSION_ID_PATTERN } from './session-id';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sessions-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function run(runId: string, at: number, user: string, answer: string | null, personaId = 'calc'): TraceEvent[] {
  const base = { runId, iteration: 0 };
  const events: TraceEvent[] = [
    {
      ...base,
      seq: 0,
      at,
      type: 'run_started',
      sessionId: 's1',
      personaId,
      personaName: 'Calculator',
      engine: 'ovos-native-toolcall-loop',
      brain: 'b',
      model: 'm',
      maxIterations: 5,
      tools: [],
    },
    { ...base, seq: 1, at: at + 1, type: 'user_message', content: user },
    {
      ...base,
      seq: 2,
      at: at + 2,
      iteration: 1,
      type: 'assistant_message',
      content: '',
      toolCalls: [{ id: 'c1', name: 'calc', arguments: {} }],
      final: false,
      durationMs: 1,
      raw: null,
      warnings: [],
    },
    {
      ...base,
      seq: 3,
      at: at + 3,
      iteration: 1,
      type: 'tool_result',
      toolCallId: 'c1',
      name: 'calc',
      toolboxId: 't',
      arguments: {},
      result: {},
      content: '{}',
      durationMs: 1,
    },
  ];
  if (answer !== null)
    events.push({ ...base, seq: 4, at: at + 4, type: 'run_finished', answer, iterations: 2, durationMs: 4 });
  else events.push({ ...base, seq: 4, at: at + 4, type: 'run_cancelled', reason: 'stop', durationMs: 4 });
  return events;
}

describe('SessionStore', () => {
  it('appends events as JSONL, in order, and loads them back with a summary', async () => {
    const store = new SessionStore(path.join(dir, 'sessions'));
    const events = [...run('r1', 1000, 'What is 12*9?', '108'), ...run('r2', 2000, 'And 2+2?', '4')];
    await Promise.all(events.map((e) => store.append('s1', e)));
    const text = await readFile(path.join(dir, 'sessions', 's1.jsonl'), 'utf8');
    const [header, ...lines] = text.trim().split('\n');
    expect(JSON.parse(header)).toEqual({ $session: 2 });
    expect(lines.map((l) => JSON.parse(l).seq)).toEqual(events.map((e) => e.seq));
    const loaded = await store.load('s1');
    expect(loaded.events).toEqual(events);
    expect(loaded.session).toEqual({
      sessionId: 's1',
      personaId: 'calc',
      personaName: 'Calculator',
      title: 'What is 12*9?',
      startedAt: 1000,
      updatedAt: 2004,
      runs: 2,
    });
  });

  it('lists sessions newest first, filtered by persona', async () => {
    const store = new SessionStore(dir);
    for (const e of run('r1', 1000, 'old', '1')) await store.append('a', e);
    for (const e of run('r2', 5000, 'new', '2')) await store.append('b', e);
    for (const e of run('r3', 3000, 'other', '3', 'weather')) await store.append('c', e);
    expect((await store.list()).map((s) => s.sessionId)).toEqual(['b', 'c', 'a']);
    expect((await store.list('weather')).map((s) => s.title)).toEqual(['other']);
    expect(await new SessionStore(path.join(dir, 'missing')).list()).toEqual([]);
  });

  it('skips and reports a corrupt line instead of failing', async () => {
    const store = new SessionStore(dir);
    const events = run('r1', 1000, 'hi', 'hello');
    await store.append('s1', events[0]);
    await appendFile(path.join(dir, 's1.jsonl'), '{"type": "run_started", broken\n{"type":"nope"}\n');
    for (const e of events.slice(1)) await store.append('s1', e);
    const logged: string[] = [];
    setLogSink((level, _scope, message) => logged.push(`${level}: ${message}`));
    const loaded = await store.load('s1').finally(() => setLogSink(null));
    expect(logged).toEqual([
      expect.stringMatching(/^warn: Session 's1': skipped 2 unreadable line\(s\) of the file: line 3: .*; line 4: /),
    ]);
    expect(loaded.events).toHaveLength(events.length);
    expect(loaded.skipped.map((s) => s.line)).toEqual([3, 4]);
  });

  it('after a crash left half a line, the next event still lands on its own line', async () => {
    const store = new SessionStore(dir);
    const events = run('r1', 1000, 'hi', 'hello');
    await store.append('s1', events[0]);
    await appendFile(path.join(dir, 's1.jsonl'), '{"runId":"r0","seq":7,"type":"answer_del');
    for (const e of events.slice(1)) await store.append('s1', e);
    const loaded = await store.load('s1');
    expect(loaded.events).toEqual(events);
    expect(loaded.skipped.map((s) => s.line)).toEqual([3]);
  });

  it('two stores (two runs, two processes) appending to one session concurrently keep every line whole', async () => {
    const a = new SessionStore(dir);
    const b = new SessionStore(dir);
    const big = 'x'.repeat(200_000);
    const left = run('ra', 1000, big, 'a');
    const right = run('rb', 1000, 'short', big);
    await Promise.all([...left.map((e) => a.append('s1', e)), ...right.map((e) => b.append('s1', e))]);
    const loaded = await a.load('s1');
    expect(loaded.skipped).toEqual([]);
    expect(loaded.events.filter((e) => e.runId === 'ra')).toEqual(left);
    expect(loaded.events.filter((e) => e.runId === 'rb')).toEqual(right);
  });

  it('reports an unknown session and refuses ids that are not safe file names', async () => {
    const store = new SessionStore(dir);
    await expect(store.load('nope')).rejects.toMatchObject({ code: 'session_not_found' });
    await expect(store.load('../etc/passwd')).rejects.toBeInstanceOf(StudioError);
    expect(() => store.fileOf('a/b')).toThrow(/not a valid session id/);
    expect(newSessionId()).toMatch(SESSION_ID_PATTERN);
  });
});

describe('SessionStore writes and says what it could not keep', () => {
  it('a write that fails is reported once (file and reason), the appends reject, and a later write says how many are missing', async () => {
    const reports: string[] = [];
    const blocked = path.join(dir, 'blocked');
    await appendFile(blocked, 'a file where the sessions folder should be');
    const store = new SessionStore(blocked, { onWriteError: (id, message) => reports.push(`${id}: ${message}`) });
    const events = run('r1', 1000, 'hi', 'hello');
    const results = await Promise.allSettled(events.map((e) => store.append('s1', e)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(
      new RegExp(
        `^s1: The chat trace cannot be saved to ${path.join(blocked, 's1.jsonl')}: .*What the chat shows from now on is not on disk`,
      ),
    );
  });

  it('reopening a session whose last run has no end in the file says so; lines that cannot be read too', async () => {
    const store = new SessionStore(dir);
    const events = run('r1', 1000, 'hi', 'hello');
    for (const e of events.slice(0, 3)) await store.append('s1', e);
    await appendFile(path.join(dir, 's1.jsonl'), '{"broken\n');
    const fresh = new SessionStore(dir);
    const { warnings } = await fresh.load('s1');
    expect(warnings).toEqual([
      expect.stringMatching(/^skipped 1 unreadable line\(s\) of the file: line 5: /),
      'The file ends before a run ended: the app stopped, or could not write, before the rest of the trace was saved. What follows is what the file holds.',
    ]);
    const whole = new SessionStore(path.join(dir, 'whole'));
    for (const e of events) await whole.append('s2', e);
    expect((await whole.load('s2')).warnings).toEqual([]);
  });
});

describe('historyFromEvents', () => {
  it('keeps user messages and finished answers, in order', () => {
    const events = [
      ...run('r1', 1000, 'What is 12*9?', '108'),
      ...run('r2', 2000, 'stop this', null),
      ...run('r3', 3000, 'And 2+2?', '4'),
    ];
    expect(historyFromEvents(events)).toEqual([
      { role: 'user', content: 'What is 12*9?' },
      { role: 'assistant', content: '108' },
      { role: 'user', content: 'stop this' },
      { role: 'user', content: 'And 2+2?' },
      { role: 'assistant', content: '4' },
    ]);
  });
});

describe('the same store after a run ended', () => {
  it('says a run has no end in the file even when this process wrote the session before', async () => {
    const store = new SessionStore(dir);
    for (const e of run('r1', 1000, 'hi', 'hello')) await store.append('s1', e);
    expect((await store.load('s1')).warnings).toEqual([]);
    const file = path.join(dir, 's1.jsonl');
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    await writeFile(file, `${lines.slice(0, -1).join('\n')}\n`);
    expect((await store.load('s1')).warnings).toEqual([
      'The file ends before a run ended: the app stopped, or could not write, before the rest of the trace was saved. What follows is what the file holds.',
    ]);
  });
});

describe('the session list from the index', () => {
  it('reads only what a file gained since the last list (the index keeps the rest), and survives a lost index', async () => {
    const store = new SessionStore(dir);
    for (const e of run('r1', 1000, 'first question', 'a')) await store.append('s1', e);
    expect((await store.list()).map((s) => [s.title, s.updatedAt, s.runs])).toEqual([['first question', 1004, 1]]);
    // The start of the file changes without changing its size: a list that re-read it would lose the title.
    const file = path.join(dir, 's1.jsonl');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('first question', 'XXXXXXXXXXXXXX'));
    for (const e of run('r2', 2000, 'second', 'b')) await store.append('s1', e);
    const fresh = new SessionStore(dir);
    expect((await fresh.list()).map((s) => [s.title, s.updatedAt, s.runs])).toEqual([['first question', 2004, 2]]);
    await rm(path.join(dir, 'sessions-index.json'));
    expect((await new SessionStore(dir).list()).map((s) => [s.title, s.runs])).toEqual([['XXXXXXXXXXXXXX', 2]]);
  });
});
