import { mkdtemp, readFile, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TraceEvent } from '../../../shared/domain/trace';
import { OpenAIBrain } from '../brains/openai/openai-brain';
import { startRun } from '../app/run-chat';
import { elideForWindow, windowEvent } from '../app/trace-elision';
import type { PersonaRuntime } from '../app/persona-runtime';
import { BUILTIN_ENGINES } from '../engines/engines';
import { memoryFor } from '../memory';
import { startScriptedOpenAIServer, type ScriptedServer } from '../testing/scripted-openai-server';
import { defineTool, ToolRegistry } from '../toolbox';
import { ScriptedTools } from '../toolbox/test-fixtures';
import { SessionStore } from './session-store';

let dir: string;
let provider: ScriptedServer;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'session-format-'));
  provider = await startScriptedOpenAIServer();
});
afterEach(async () => {
  await provider.close();
  await rm(dir, { recursive: true, force: true });
});

/** `echo` returns `size` characters of text: small results and large ones (kept in the side file). */
const echoTool = defineTool({
  name: 'echo',
  description: 'Returns text of the given size.',
  argumentSchema: z.object({ size: z.number().int(), n: z.number().int() }),
  outputSchema: z.object({ text: z.string() }),
  toolCall: ({ size, n }) => ({ text: `${n}:`.padEnd(size, String.fromCharCode(97 + (n % 26))) }),
});

async function runtime(maxIterations: number): Promise<PersonaRuntime> {
  const toolbox = new ScriptedTools(() => [echoTool], { toolboxId: 'echo_tools' });
  await toolbox.ready;
  const engine = BUILTIN_ENGINES.find((e) => e.id === 'ovos-native-toolcall-loop')!;
  return {
    engineId: engine.id,
    engine,
    engineConfig: {},
    brainId: 'ovos-chat-openai-plugin',
    model: 'm',
    maxIterations,
    toolTimeoutMs: 5000,
    // Whole large results reach the model and the trace (the loop's default cuts them at 32,000 characters).
    maxToolResultChars: 4 * 1024 * 1024,
    systemPrompt: 'You echo.',
    brain: new OpenAIBrain({ model: 'm', api_url: provider.url, api_key: 'k' }),
    registry: new ToolRegistry([toolbox]),
    toolboxes: [toolbox],
    memory: memoryFor({}),
    close: async () => undefined,
  };
}

/** Runs `calls` tool turns (result sizes from `sizeOf`) and an answer, appending every event to the store. */
async function recordRun(store: SessionStore, sessionId: string, calls: number, sizeOf: (n: number) => number) {
  provider.setReplies((request) => {
    const done = (request.body.messages as Array<{ role: string }>).filter((m) => m.role === 'tool').length;
    return done < calls
      ? { toolCalls: [{ name: 'echo', arguments: JSON.stringify({ size: sizeOf(done), n: done }) }] }
      : { content: `Done after ${done} calls.` };
  });
  const live: TraceEvent[] = [];
  const written: Promise<void>[] = [];
  const handle = startRun(await runtime(calls + 1), {
    history: [
      { role: 'user', content: 'earlier question' },
      { role: 'assistant', content: 'earlier answer' },
    ],
    message: 'Echo please.',
    sessionId,
    personaId: 'echo',
    personaName: 'Echo',
    onEvent: (event) => {
      live.push(event);
      written.push(store.append(sessionId, event));
    },
  });
  expect(await handle.done).toMatchObject({ status: 'finished' });
  await Promise.all(written);
  await store.flush();
  return live;
}

const assistants = (events: TraceEvent[]) =>
  events.filter((e): e is Extract<TraceEvent, { type: 'assistant_message' }> => e.type === 'assistant_message');

describe('a session file stores what is new, and reads back whole', () => {
  it('each request rebuilt from the stored session is, byte for byte, the body the server received', async () => {
    const store = new SessionStore(dir);
    await recordRun(store, 's1', 12, (n) => (n % 3 === 2 ? 100_000 : 300));
    const reopened = await new SessionStore(dir).load('s1');
    const turns = assistants(reopened.events);
    expect(turns).toHaveLength(13);
    expect(provider.chatRequests).toHaveLength(13);
    turns.forEach((turn, i) => expect(JSON.stringify(turn.raw?.request)).toBe(provider.chatRequests[i].rawBody));
  });

  it('a reopened session equals the live one, large tool results included', async () => {
    const store = new SessionStore(dir);
    const live = await recordRun(store, 's1', 6, (n) => (n === 3 ? 300_000 : 500));
    expect((await new SessionStore(dir).load('s1')).events).toEqual(live);
    expect((await store.load('s1')).events).toEqual(live);
  });

  it('grows linearly: 60 tool turns take about as much file per turn as 6 do', async () => {
    const store = new SessionStore(dir);
    await recordRun(store, 'short', 6, () => 200);
    await recordRun(store, 'long', 60, () => 200);
    const short = (await stat(store.fileOf('short'))).size;
    const long = (await stat(store.fileOf('long'))).size;
    // Whole requests would make the long file about 60x the short one per turn squared (~ 50x bigger per turn).
    expect(long / 60).toBeLessThan((short / 6) * 1.5);
  });

  it('large tool results are stored once: the files hold about the data once, not once per later request', async () => {
    const store = new SessionStore(dir);
    const size = 400_000;
    await recordRun(store, 's1', 5, () => size);
    const main = (await stat(store.fileOf('s1'))).size;
    const side = (await stat(`${store.fileOf('s1')}.payloads`)).size;
    expect(main).toBeLessThan(100_000);
    expect(main + side).toBeLessThan(2 * 5 * size);
  });
});

describe('what a window is sent', () => {
  it('a large tool result as a preview and a reference, fetched on demand; no request, fetched with its event', async () => {
    const store = new SessionStore(dir);
    const live = await recordRun(store, 's1', 4, (n) => (n === 1 ? 200_000 : 30_000));
    const result = live.find((e) => e.type === 'tool_result' && e.content.length > 100_000)!;
    const shown = store.forWindow(result);
    expect(JSON.stringify(shown).length).toBeLessThan(10_000);
    expect(shown.elided).toEqual(['content', 'result']);
    const [ref] = shown.payloads!;
    expect(ref).toMatchObject({ field: 'content', size: 200_000 + 11 });
    expect(await store.payload('s1', ref.ref)).toBe(result.type === 'tool_result' && result.content);
    const lastTurn = assistants(live).at(-1)!;
    const sent = JSON.stringify(lastTurn.raw?.request).length;
    const shownTurn = store.forWindow(lastTurn);
    expect(shownTurn).toMatchObject({ raw: { request: null, response: null } });
    expect(lastTurn.raw?.response).toBeTruthy();
    // Its size, about: never less than the JSON sent, nor more than twice it (the texts are plain).
    expect(shownTurn.type === 'assistant_message' && shownTurn.requestChars).toBeGreaterThanOrEqual(sent * 0.9);
    expect(shownTurn.type === 'assistant_message' && shownTurn.requestChars).toBeLessThan(sent * 2);
    expect(shownTurn.elided).toBeUndefined();
    expect(await store.event('s1', lastTurn.runId, lastTurn.seq)).toEqual(lastTurn);
    const loaded = await store.load('s1', { payloads: 'refs' });
    const again = loaded.events.find((e) => e.seq === result.seq)!;
    expect(store.forWindow(again)).toMatchObject({ elided: ['content', 'result'], payloads: [ref] });
  });
});

describe('what a window is sent, without measuring requests again', () => {
  it('is what measuring every field gives, for small and long requests, live and reloaded', async () => {
    const store = new SessionStore(dir);
    const live = await recordRun(store, 's1', 8, (n) => (n % 2 ? 9_000 : 70_000));
    const requests = assistants(live).map((e) => JSON.stringify(e.raw?.request).length);
    expect(Math.min(...requests)).toBeLessThan(32 * 1024);
    expect(Math.max(...requests)).toBeGreaterThan(256 * 1024);
    for (const event of live) expect(windowEvent(store, event)).toEqual(elideForWindow(store.forWindow(event)));
    const loaded = await store.load('s1', { payloads: 'refs' });
    for (const event of loaded.events)
      expect(windowEvent(store, event)).toEqual(elideForWindow(store.forWindow(event)));
    // No request is sent (each is fetched with its whole event), so a turn's event does not grow with the run.
    const shown = assistants(live).map((e) => windowEvent(store, e));
    expect(shown.map((e) => e.type === 'assistant_message' && e.raw?.request)).toEqual(shown.map(() => null));
    const sizes = shown.map((e) => JSON.stringify(e).length);
    expect(Math.max(...sizes)).toBeLessThan(4 * Math.min(...sizes));
  });
});

describe('files this app did not write in format 2', () => {
  it('a session file of the first format (whole requests, no header) loads as it was written', async () => {
    const text = await readFile(path.join(__dirname, 'fixtures', 'format-1-session.jsonl'), 'utf8');
    const lines = text.trim().split('\n');
    await writeFile(path.join(dir, 'old.jsonl'), text);
    const store = new SessionStore(dir);
    const loaded = await store.load('old');
    expect(loaded.skipped).toEqual([]);
    expect(loaded.events).toEqual(lines.map((l) => JSON.parse(l)));
    expect((await store.list()).map((s) => s.title)).toEqual(['What is 2+3, then 4+5?']);
    // Appending to it keeps both parts readable.
    const live = await recordRun(store, 'old', 2, () => 100);
    expect((await new SessionStore(dir).load('old')).events).toEqual([...lines.map((l) => JSON.parse(l)), ...live]);
  });

  it('a file without the header gets full validation: a line that is not a valid event is skipped', async () => {
    await writeFile(path.join(dir, 'imported.jsonl'), '');
    await appendFile(
      path.join(dir, 'imported.jsonl'),
      `${JSON.stringify({ runId: 'r', seq: 0, at: 1, iteration: 0, type: 'user_message', content: 7 })}\n`,
    );
    const loaded = await new SessionStore(dir).load('imported');
    expect(loaded.events).toEqual([]);
    expect(loaded.skipped[0].error).toMatch(/content/);
  });
});
