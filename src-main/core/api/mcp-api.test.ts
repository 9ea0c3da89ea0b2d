import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName, EventPayload, MethodInput, MethodName, MethodOutput } from '../../../shared/ipc/contract';
import type { RpcEvent } from '../../../shared/ipc/envelope';
import { startScriptedOpenAIServer, type ScriptedServer } from '../testing/scripted-openai-server';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

const ENGINE = 'ovos-native-toolcall-loop';
const TB = 'ovos-mcp-toolbox:everything';
const everything = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);
let app: App;
let brain: ScriptedServer;
let personaId: string;
let events: RpcEvent[];

async function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const r = await dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
  if (!r.ok) throw Object.assign(new Error(r.error.message), { value: r.error });
  return r.output as MethodOutput<M>;
}
async function failure<M extends MethodName>(method: M, input: MethodInput<M>) {
  const r = await dispatch(app.handlers, { id: 1, method, input }, { transport: 'test' });
  expect(r.ok).toBe(false);
  return (r as { error: { code: string; message: string; details?: unknown } }).error;
}
/** The first event of a kind that matches, waiting for it. */
async function nextEvent<E extends EventName>(name: E, where: (p: EventPayload<E>) => boolean = () => true) {
  for (let i = 0; i < 300; i++) {
    const hit = events.find((e) => e.event === name && where(e.payload as EventPayload<E>));
    if (hit) return hit.payload as EventPayload<E>;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${name} event`);
}
const text = (result: unknown) => (result as { content: string }).content;

beforeEach(async () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'ps-mcp-api-'));
  brain = await startScriptedOpenAIServer({ replies: [{ content: 'Sampled by the persona brain.' }] });
  app = await createApp({ dataDir: home, mode: 'browser' });
  events = [];
  app.onEvent((e) => events.push(e));
  const saved = await call('personas.save', {
    persona: {
      name: 'Everything',
      handlers: [ENGINE],
      [ENGINE]: {
        brain: 'ovos-chat-openai-plugin',
        'ovos-chat-openai-plugin': { model: 'scripted', api_url: brain.url },
        toolboxes: [TB],
        [TB]: { command: process.execPath, args: [everything, 'stdio'] },
      },
      // The loop's calls run without pausing for approval (the program itself is approved below).
      persona_studio: { approval: { [TB]: { mode: 'auto' } } },
    } as MethodInput<'personas.save'>['persona'],
  });
  personaId = saved.id;
  const { programs } = await call('approvals.list', { id: personaId });
  await call('approvals.approve', { id: personaId, fingerprints: programs.map((p) => p.fingerprint) });
});

afterEach(async () => {
  await app.close();
  await brain.close();
});

describe('MCP beyond tools through the API (server-everything)', () => {
  it('reads a resource, fills a template and gets a prompt with arguments', async () => {
    const scope = { personaId, toolboxId: TB };
    // An instance id (`<plugin>:<name>`) is still an MCP toolbox: the Tools pane shows its tabs by this.
    const listed = await call('toolboxes.list', { personaId });
    expect(listed.toolboxes.find((t) => t.toolboxId === TB)?.source).toBe('mcp');
    const { resources, templates } = await call('mcp.resources', scope);
    const read = await call('mcp.readResource', { ...scope, uri: resources[0].uri });
    expect(read.contents[0].uri).toBe(resources[0].uri);
    const tpl = templates.find((t) => t.uriTemplate.includes('dynamic/text'))!;
    const filled = await call('mcp.readResource', {
      ...scope,
      uriTemplate: tpl.uriTemplate,
      arguments: { resourceId: '3' },
    });
    expect(filled.uri).toBe('demo://resource/dynamic/text/3');
    const prompt = await call('mcp.getPrompt', { ...scope, name: 'args-prompt', arguments: { city: 'Porto' } });
    expect(JSON.stringify(prompt.messages)).toContain('Porto');
    const missing = await failure('mcp.readResource', { ...scope, uri: 'demo://resource/none' });
    expect(missing.code).toBe('toolbox_unavailable');
    expect(missing.message).toContain("could not read 'demo://resource/none'");
  });

  it('pushes progress of a manual call, and cancels one (it ends as cancelled)', async () => {
    const args = { duration: 1, steps: 4 };
    const done = await call('tools.call', {
      personaId,
      toolboxId: TB,
      name: 'trigger-long-running-operation',
      arguments: args,
      callId: 'c1',
    });
    expect(text(done.result)).toContain('completed');
    const progress = events.filter((e) => e.event === 'tools.progress').map((e) => e.payload);
    // The SDK handles a notification a microtask after it reads it, so the last one may lose the race with the answer.
    expect(progress.slice(0, 3)).toEqual(
      [1, 2, 3].map((progress) => ({ progress, total: 4, callId: 'c1', runId: null, toolboxId: TB })),
    );

    const running = dispatch(
      app.handlers,
      {
        id: 2,
        method: 'tools.call',
        input: {
          personaId,
          toolboxId: TB,
          name: 'trigger-long-running-operation',
          arguments: { duration: 20, steps: 20 },
          callId: 'c2',
        },
      },
      { transport: 'test' },
    );
    await nextEvent('tools.progress', (p) => p.callId === 'c2');
    expect(await call('tools.cancel', { callId: 'c2' })).toEqual({ cancelled: true });
    const ended = await running;
    expect(ended).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(await call('tools.cancel', { callId: 'c2' })).toEqual({ cancelled: false });
  });

  it("pushes progress of a loop call with its run's id and the model's tool call id", async () => {
    brain.setReplies(
      {
        toolCalls: [{ id: 'call_long', name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 4 } }],
      },
      { content: 'Done.' },
    );
    const { runId } = await call('chat.send', { personaId, message: 'run the long one' });
    await nextEvent('chat.trace', (p) => p.event.type === 'run_finished');
    const progress = events.filter((e) => e.event === 'tools.progress').map((e) => e.payload);
    expect(progress.slice(0, 3)).toEqual(
      [1, 2, 3].map((p) => ({ progress: p, total: 4, callId: 'call_long', runId, toolboxId: null })),
    );
  });

  it('puts an elicitation before the window and returns what the user entered to the server', async () => {
    const running = call('tools.call', {
      personaId,
      toolboxId: TB,
      name: 'trigger-elicitation-request',
      arguments: {},
    });
    const request = await nextEvent('mcp.request');
    expect(request).toMatchObject({ kind: 'elicitation', toolboxId: TB, personaId });
    expect(Object.keys((request.requestedSchema as { properties: object }).properties)).toContain('name');
    expect((await call('mcp.pending', {})).requests.map((r) => r.requestId)).toEqual([request.requestId]);
    const bad = await failure('mcp.respond', { requestId: request.requestId, action: 'accept', content: { name: 5 } });
    expect(bad.code).toBe('bad_input');
    await call('mcp.respond', { requestId: request.requestId, action: 'accept', content: { name: 'Ada Lovelace' } });
    const result = await running;
    expect(text(result.result)).toContain('Ada Lovelace');
    expect(await nextEvent('mcp.requestSettled')).toEqual({ requestId: request.requestId, outcome: 'accept' });
    expect((await call('mcp.pending', {})).requests).toEqual([]);
  });

  it('asks before sampling, then the persona brain answers (declined: the server hears so)', async () => {
    const running = call('tools.call', {
      personaId,
      toolboxId: TB,
      name: 'trigger-sampling-request',
      arguments: { prompt: 'Say hi', maxTokens: 42 },
    });
    const request = await nextEvent('mcp.request');
    expect(request).toMatchObject({ kind: 'sampling', message: expect.stringContaining('Say hi') });
    expect(brain.chatRequests).toHaveLength(0);
    await call('mcp.respond', { requestId: request.requestId, action: 'accept' });
    const result = await running;
    expect(text(result.result)).toContain('Sampled by the persona brain.');
    const sent = brain.chatRequests[0].body as {
      messages: Array<{ role: string; content: string }>;
      max_tokens: number;
    };
    expect(sent.max_tokens).toBe(42);
    expect(sent.messages[0]).toEqual({ role: 'system', content: 'You are a helpful test server.' });
    expect(sent.messages[1].content).toContain('Say hi');

    events = [];
    const second = call('tools.call', {
      personaId,
      toolboxId: TB,
      name: 'trigger-sampling-request',
      arguments: { prompt: 'Again' },
    });
    const ask = await nextEvent('mcp.request');
    await call('mcp.respond', { requestId: ask.requestId, action: 'decline' });
    const declined = await second.then(
      (r) => JSON.stringify(r.result),
      (e: { value: { message: string; details?: unknown } }) => JSON.stringify(e.value),
    );
    expect(declined).toContain('The user declined the sampling request.');
    expect(brain.chatRequests).toHaveLength(1);
  });

  it('keeps the server log and pushes each entry', async () => {
    await call('tools.call', { personaId, toolboxId: TB, name: 'toggle-simulated-logging', arguments: {} });
    const pushed = await nextEvent('mcp.log', (p) => p.entry.kind === 'log');
    expect(pushed).toMatchObject({ personaId, toolboxId: TB, entry: { method: 'notifications/message' } });
    const { entries, logging } = await call('mcp.log', { personaId, toolboxId: TB });
    expect(logging).toBe(true);
    expect(entries.some((e) => e.seq === pushed.entry.seq && typeof e.level === 'string')).toBe(true);
    expect(await call('mcp.setLogLevel', { personaId, toolboxId: TB, level: 'error' })).toEqual({ level: 'error' });
  });
});
