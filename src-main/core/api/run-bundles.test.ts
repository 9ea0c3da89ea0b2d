import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/ipc/contract';
import type { RpcResponse } from '../../../shared/ipc/envelope';
import { startScriptedOpenAIServer, type ScriptedServer } from '../testing/scripted-openai-server';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

const ENGINE = 'ovos-native-toolcall-loop';
const BRAIN = 'ovos-chat-openai-plugin';
let provider: ScriptedServer;
const apps: App[] = [];

const raw = (app: App, method: MethodName, input: unknown): Promise<RpcResponse> =>
  dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
async function call<M extends MethodName>(app: App, method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const res = await raw(app, method, input);
  if (!res.ok) throw new Error(`${method}: ${res.error.code} ${res.error.message}`);
  return res.output as MethodOutput<M>;
}
async function freshApp(): Promise<App> {
  const app = await createApp({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'ps-bundles-')), mode: 'browser' });
  apps.push(app);
  return app;
}
async function ended(app: App, sessionId: string, runs: number): Promise<TraceEvent[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const res = await raw(app, 'chat.loadSession', { sessionId });
    const events = res.ok ? (res.output as { events: TraceEvent[] }).events : [];
    if (events.filter((e) => e.type === 'run_finished' || e.type === 'run_failed').length >= runs) return events;
    if (Date.now() > deadline) throw new Error('the runs did not end');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A trace without what differs between two runs of the same steps: ids, times, durations, token timings. */
function comparable(events: TraceEvent[]): unknown[] {
  return events.map((e) => {
    const { runId: _r, at: _a, ...rest } = e as Record<string, unknown>;
    for (const k of ['durationMs', 'sessionId', 'personaId', 'ttftMs', 'raw', 'brain', 'model']) delete rest[k];
    return rest;
  });
}

beforeEach(async () => {
  provider = await startScriptedOpenAIServer();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await provider.close();
});

describe('run bundles', () => {
  it('round trip: export a run, open it in a fresh data folder, re-run offline: the same trace, no request, no secret', async () => {
    const a = await freshApp();
    await call(a, 'personas.save', {
      id: 'calc',
      persona: {
        name: 'Calc',
        handlers: [ENGINE],
        [ENGINE]: {
          brain: BRAIN,
          toolboxes: ['ovos-math-tools'],
          [BRAIN]: { model: 'm', api_url: provider.url, api_key: 'sk-very-secret' },
        },
      },
    });
    provider.setReplies(
      { toolCalls: [{ name: 'evaluate_expression', arguments: { expression: '6*7' } }] },
      { content: 'It is 42.' },
      { content: 'You are welcome.' },
    );
    await call(a, 'chat.send', { personaId: 'calc', sessionId: 's-a', message: 'What is 6*7?' });
    await ended(a, 's-a', 1);
    await call(a, 'chat.send', { personaId: 'calc', sessionId: 's-a', message: 'Thanks' });
    const original = await ended(a, 's-a', 2);
    expect(original.some((e) => e.type === 'tool_result')).toBe(true);

    const { text } = await call(a, 'bundles.export', { sessionId: 's-a' });
    expect(text).not.toContain('sk-very-secret');
    const bundle = JSON.parse(text);
    expect(bundle.tools.find((t: { name: string }) => t.name === 'evaluate_expression')).toMatchObject({
      toolboxId: 'ovos-math-tools',
      inputSchema: { type: 'object' },
    });
    expect(bundle.events.some((e: TraceEvent) => e.type === 'assistant_message' && e.raw)).toBe(true);

    const b = await freshApp();
    const opened = await call(b, 'bundles.open', { text, fileName: 's-a.bundle.json' });
    expect((await call(b, 'chat.loadSession', { sessionId: opened.sessionId })).events).toHaveLength(original.length);
    expect(await call(b, 'bundles.ofSession', { sessionId: opened.sessionId })).toMatchObject({
      bundle: { tools: bundle.tools.length },
    });
    const refused = await raw(b, 'chat.send', {
      personaId: opened.personaId,
      sessionId: opened.sessionId,
      message: 'More?',
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'bad_input', message: expect.stringMatching(/read-only/) },
    });
    const before = provider.chatRequests.length;
    const rerun = await call(b, 'bundles.rerunOffline', { sessionId: opened.sessionId });
    expect(rerun.finished).toBe(true);
    expect(provider.chatRequests.length).toBe(before);
    const again = (await call(b, 'chat.loadSession', { sessionId: rerun.sessionId })).events;
    expect(comparable(again)).toEqual(comparable(original));
    expect(again.find((e) => e.type === 'run_started')).toMatchObject({ brain: 'replay' });
  });

  it('a stored secret value in the messages (a key the user pasted, a reply quoting it) leaves neither in a bundle nor in an exported trace', async () => {
    const a = await freshApp();
    const key = 'sk-pasted-0123456789';
    await call(a, 'personas.save', {
      id: 'echo',
      persona: {
        name: 'Echo',
        handlers: [ENGINE],
        [ENGINE]: { brain: BRAIN, [BRAIN]: { model: 'm', api_url: provider.url, api_key: key } },
      },
    });
    provider.setReplies({ content: `Your key is ${key}; keep ${key} safe.` });
    await call(a, 'chat.send', { personaId: 'echo', sessionId: 's-k', message: `Is ${key} my key?` });
    await ended(a, 's-k', 1);

    const bundle = await call(a, 'bundles.export', { sessionId: 's-k' });
    expect(bundle.text).not.toContain(key);
    expect(bundle.text).toContain('Your key is [secret removed]; keep [secret removed] safe.');
    // The user's message, the request that carried it, the reply, the raw response and the final answer.
    expect(bundle.secretsRemoved).toBeGreaterThanOrEqual(5);
    const trace = await call(a, 'chat.exportTrace', { sessionId: 's-k' });
    expect(trace.text).not.toContain(key);
    // The bundle also has the session's title, made from the first message.
    expect(trace.secretsRemoved).toBe(bundle.secretsRemoved - 1);
    expect(
      trace.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).type),
    ).toContain('assistant_message');
    // The session file itself keeps what happened.
    const { events } = await call(a, 'chat.loadSession', { sessionId: 's-k' });
    expect(JSON.stringify(events)).toContain(key);
  });

  it("a secret of the app's environment (a key a tool printed) leaves neither in a bundle nor in an exported trace", async () => {
    const a = await freshApp();
    const key = 'sk-from-the-environment-42';
    const saved = process.env.BUNDLE_TEST_API_KEY;
    process.env.BUNDLE_TEST_API_KEY = key;
    try {
      await call(a, 'personas.save', {
        id: 'env',
        persona: {
          name: 'Env',
          handlers: [ENGINE],
          [ENGINE]: { brain: BRAIN, [BRAIN]: { model: 'm', api_url: provider.url } },
        },
      });
      provider.setReplies({ content: `The environment says ${key}.` });
      await call(a, 'chat.send', { personaId: 'env', sessionId: 's-env', message: 'What does the environment say?' });
      await ended(a, 's-env', 1);
      const bundle = await call(a, 'bundles.export', { sessionId: 's-env' });
      expect(bundle.text).not.toContain(key);
      expect(bundle.text).toContain('The environment says [secret removed].');
      const trace = await call(a, 'chat.exportTrace', { sessionId: 's-env' });
      expect(trace.text).not.toContain(key);
      expect(trace.secretsRemoved).toBeGreaterThanOrEqual(2);
    } finally {
      if (saved === undefined) delete process.env.BUNDLE_TEST_API_KEY;
      else process.env.BUNDLE_TEST_API_KEY = saved;
    }
  });

  it('a bad bundle is refused with a clear error, and nothing is added', async () => {
    const b = await freshApp();
    const personasBefore = (await call(b, 'personas.list', {})).personas.length;
    const refuse = async (text: string, message: RegExp) => {
      const res = await raw(b, 'bundles.open', { text });
      expect(res).toMatchObject({ ok: false, error: { code: 'bad_input' } });
      expect((res as { error: { message: string } }).error.message).toMatch(message);
    };
    await refuse('{"format": "persona-studio.run-bundle", ', /not readable JSON/);
    await refuse(JSON.stringify({ name: 'just a persona' }), /not a Persona Studio run bundle/);
    await refuse(
      JSON.stringify({ format: 'persona-studio.run-bundle', formatVersion: 1, events: [] }),
      /not a valid run bundle: .*exportedAt/,
    );
    const deep = `{"format":"persona-studio.run-bundle","x":${'['.repeat(200)}${']'.repeat(200)}}`;
    await refuse(deep, /nest|deep/i);
    expect((await call(b, 'personas.list', {})).personas).toHaveLength(personasBefore);
    expect(readdirSync(path.join(b.context.dataDir, 'sessions'))).toEqual([]);
  });
});
