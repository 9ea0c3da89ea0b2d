import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import { StudioError } from '../errors';
import { setLogSink } from '../log';
import { historyFromEvents, SessionStore } from './session-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'session-tail-'));
});
afterEach(async () => {
  setLogSink(null);
  await rm(dir, { recursive: true, force: true });
});

/**
 * Run `r`: its question, `turns` model turns whose requests grow (the file stores each as a delta of the one
 * before, so a run read from its middle could not be rebuilt), tool results, and the answer.
 */
function run(r: number, turns = 3): TraceEvent[] {
  const runId = `run-${r}`;
  const out: Array<Record<string, unknown>> = [
    {
      type: 'run_started',
      sessionId: 's',
      personaId: 'calc',
      personaName: 'Calc',
      engine: 'e',
      brain: 'b',
      model: 'm',
      maxIterations: 5,
      tools: ['add'],
    },
    { type: 'user_message', content: `question ${r}` },
  ];
  const messages: unknown[] = [
    { role: 'system', content: 'You add.' },
    { role: 'user', content: `question ${r}` },
  ];
  for (let t = 1; t <= turns; t++) {
    const call = { id: `c${t}`, name: 'add', arguments: { a: r, b: t } };
    out.push({
      type: 'assistant_message',
      iteration: t,
      content: '',
      toolCalls: [call],
      final: false,
      durationMs: 1,
      warnings: [],
      raw: {
        request: { model: 'm', tools: [{ type: 'function', name: 'add' }], messages: [...messages] },
        response: {},
      },
    });
    const content = JSON.stringify({ result: r + t, note: 'x'.repeat(80) });
    out.push({
      type: 'tool_result',
      iteration: t,
      toolCallId: call.id,
      name: 'add',
      toolboxId: 'math',
      arguments: call.arguments,
      result: JSON.parse(content),
      content,
      durationMs: 1,
    });
    messages.push(
      { role: 'assistant', content: '', tool_calls: [call] },
      { role: 'tool', tool_call_id: call.id, content },
    );
  }
  out.push({ type: 'run_finished', iteration: turns, answer: `answer ${r}`, iterations: turns, durationMs: 9 });
  return out.map((e, seq) => ({ iteration: 0, ...e, runId, seq, at: r * 100 + seq }) as never);
}

/** Writes `runs` runs through the store (as a chat does); the events as they were live. */
async function record(store: SessionStore, runs: number): Promise<TraceEvent[]> {
  const live: TraceEvent[] = [];
  for (let r = 0; r < runs; r++) {
    const events = run(r);
    live.push(...events);
    await Promise.all(events.map((e) => store.append('s', e)));
  }
  await store.flush();
  return live;
}

describe('the conversation so far, to continue a session (history)', () => {
  it('equals the history of the whole loaded session: large texts whole, values that name a type ignored', async () => {
    const store = new SessionStore(dir);
    const live = await record(store, 4);
    const big = 'q'.repeat(100_000);
    const extra = run(4).map((e) => {
      if (e.type === 'user_message') return { ...e, content: big };
      if (e.type === 'run_finished') return { ...e, answer: `${big} answered` };
      if (e.type === 'tool_result') return { ...e, result: { type: 'user_message', content: 'not a turn' } };
      return e;
    });
    await Promise.all(extra.map((e) => store.append('s', e)));
    await store.flush();
    const history = await new SessionStore(dir).history('s');
    expect(history).toEqual(historyFromEvents([...live, ...extra]));
    expect(history).toHaveLength(10);
    expect(history.at(-1)).toEqual({ role: 'assistant', content: `${big} answered` });
    expect(await new SessionStore(dir).history('never-written')).toEqual([]);
  });

  it('a file this app did not write gives the history of its valid events', async () => {
    const events = run(0);
    const text = [events[0], { ...events[1], content: 7 }, ...events.slice(2)].map((e) => JSON.stringify(e));
    await writeFile(path.join(dir, 'imported.jsonl'), `${text.join('\n')}\n`);
    expect(await new SessionStore(dir).history('imported')).toEqual([{ role: 'assistant', content: 'answer 0' }]);
  });
});

describe('loading the newest events of a session (loadTail)', () => {
  it('gives exactly the newest N events in order, requests rebuilt, equal to the live ones, for any N', async () => {
    const live = await record(new SessionStore(dir), 30);
    const store = new SessionStore(dir);
    for (const limit of [1, 5, 9, 10, 11, 97, live.length - 1, live.length, live.length + 5]) {
      const tail = await store.loadTail('s', { limit });
      expect(tail.events).toEqual(live.slice(-limit));
      expect(tail.omitted).toBe(Math.max(0, live.length - limit));
      expect(tail.skipped).toEqual([]);
      expect(tail.warnings).toEqual([]);
    }
    expect((await store.loadTail('s', { limit: 3 })).session).toEqual((await store.load('s')).session);
    // The count of older events stays right as the file grows after the index counted its lines.
    await store.list();
    const more = run(30);
    await Promise.all(more.map((e) => store.append('s', e)));
    await store.flush();
    const grown = await store.loadTail('s', { limit: 4 });
    expect(grown.events).toEqual(more.slice(-4));
    expect(grown.omitted).toBe(live.length + more.length - 4);
  });

  it('pages back with `earlier` until the start: every event once, in order, nothing lost', async () => {
    const live = await record(new SessionStore(dir), 25);
    const store = new SessionStore(dir);
    const pages: TraceEvent[][] = [];
    let before: number | undefined;
    for (let i = 0; i < 100; i++) {
      const page = await store.loadTail('s', { limit: 17, before });
      pages.unshift(page.events);
      expect(page.omitted).toBe(live.length - pages.flat().length);
      before = page.earlier;
      if (before === undefined) break;
    }
    expect(pages.flat()).toEqual(live);
  });

  it('reports a corrupt line of our own file with its line number, and loses no other event', async () => {
    const store = new SessionStore(dir);
    const live = await record(store, 6);
    const file = store.fileOf('s');
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    // Line 1 is the header; the question of the fourth run (line 2 + 3 * 9 + 1) is cut in half.
    const broken = 2 + 3 * 9 + 1;
    lines[broken - 1] = lines[broken - 1].slice(0, 30);
    await writeFile(file, `${lines.join('\n')}\n`);
    const logged: string[] = [];
    setLogSink((level, _scope, message) => logged.push(`${level}: ${message}`));
    const tail = await new SessionStore(dir).loadTail('s', { limit: 30 });
    const lost = live[broken - 2];
    expect(tail.events).toEqual(live.slice(-31).filter((e) => e !== lost));
    expect(tail.skipped).toEqual([{ line: broken, error: expect.any(String) }]);
    expect(tail.warnings[0]).toMatch(new RegExp(`^skipped 1 unreadable line\\(s\\) of the file: line ${broken}: `));
    expect(logged).toEqual([expect.stringContaining(`line ${broken}: `)]);
  });

  it('a file this app did not write (no header) is read whole and each event validated', async () => {
    const events = run(0);
    const bad = { ...events[1], content: 7 };
    const text = [events[0], bad, ...events.slice(2)].map((e) => JSON.stringify(e)).join('\n');
    await writeFile(path.join(dir, 'imported.jsonl'), `${text}\n`);
    const tail = await new SessionStore(dir).loadTail('imported', { limit: 3 });
    expect(tail.events).toEqual(events.slice(-3));
    expect(tail.omitted).toBe(events.length - 1 - 3);
    expect((await new SessionStore(dir).loadTail('imported', { limit: 100 })).skipped).toEqual([
      { line: 2, error: expect.stringMatching(/content/) },
    ]);
  });

  it('refuses a position that does not start a line, and an unknown session', async () => {
    const store = new SessionStore(dir);
    await record(store, 2);
    await expect(store.loadTail('s', { limit: 2, before: 20 })).rejects.toMatchObject({ code: 'bad_input' });
    await expect(store.loadTail('nope', { limit: 2 })).rejects.toBeInstanceOf(StudioError);
    await appendFile(store.fileOf('s'), '{"half a line');
    const tail = await store.loadTail('s', { limit: 2 });
    expect(tail.skipped).toHaveLength(1);
    expect(tail.events.map((e) => e.type)).toEqual(['tool_result', 'run_finished']);
  });
});
