// @vitest-environment happy-dom
/**
 * A loop engine and a brain that only this file knows, added to the app through their descriptors: they appear in
 * the catalog, the editor draws their config forms from their schemas, and a persona using them runs against the
 * scripted OpenAI-compatible server. (docs/architecture.md: "to add an engine / a brain".)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentMessage } from '../shared/domain/message';
import { createClient } from '../shared/ipc/client';
import { LoopEngineConfig } from '../shared/plugins/engines/loop-config';
import { createApp, type App } from '../src-main/core/api/app';
import { dispatch } from '../src-main/core/api/dispatch';
import { BUILTIN_BRAINS, defineBrain, type BrainMessage, type ChatEngine } from '../src-main/core/brains';
import { BUILTIN_ENGINES, defineEngine, LoopEngine } from '../src-main/core/engines';
import type { LoopContext, LoopResult } from '../src-main/core/engines/loop-context';
import { startScriptedOpenAIServer, type ScriptedServer } from '../src-main/core/testing/scripted-openai-server';
import { PersonaEditor } from '../src-renderer/features/persona-editor/PersonaEditor';
import { createAppStore } from '../src-renderer/store';
import { StoreProvider } from '../src-renderer/store/context';

/** POST a JSON body with node:http (the page's fetch here is happy-dom's, with CORS). */
function postJson(url: string, body: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** A brain speaking plain chat completions over HTTP: config `endpoint`, `model`, `shout`. */
const EchoBrainConfig = z.looseObject({
  endpoint: z.string().min(1).meta({ title: 'Endpoint', description: 'The chat/completions URL.' }),
  model: z.string().default('echo-model').meta({ title: 'Model name' }),
  shout: z.boolean().default(false).meta({ title: 'Shout', description: 'Upper-case the reply.' }),
});
const echoBrain = defineBrain({
  id: 'test-fetch-brain',
  title: 'Fetch brain (test)',
  description: 'Only tests/plugin-descriptors.test.ts knows it.',
  config: EchoBrainConfig,
  create: (raw) => {
    const config = EchoBrainConfig.parse(raw);
    const continueChat = async (messages: AgentMessage[]): Promise<BrainMessage> => {
      const request = { model: config.model, messages: messages.map((m) => ({ role: m.role, content: m.content })) };
      const json = (await postJson(config.endpoint, request)) as { choices: { message: { content: string } }[] };
      const text = json.choices[0].message.content;
      return { role: 'assistant', content: config.shout ? text.toUpperCase() : text, raw: { request, response: json } };
    };
    const brain: ChatEngine = {
      id: 'test-fetch-brain',
      supportsTools: false,
      model: config.model,
      continueChat,
      async *streamChat(messages) {
        const reply = await continueChat(messages);
        yield reply.content;
        return reply;
      },
    };
    return brain;
  },
});

/** One brain turn, the answer prefixed: config `prefix` on top of the loop's own keys. */
const PrefixEngineConfig = LoopEngineConfig.extend({
  prefix: z.string().default('» ').meta({ title: 'Answer prefix', description: 'Put before every answer.' }),
});
class PrefixEngine extends LoopEngine {
  readonly id = 'test-prefix-loop';
  protected async loop(messages: AgentMessage[], ctx: LoopContext): Promise<LoopResult> {
    ctx.tracer.iteration = 1;
    const reply = await ctx.brain.continueChat(messages, { signal: ctx.signal });
    const answer = `${String(this.setup.config?.prefix ?? '')}${reply.content}`;
    ctx.tracer.emit({ type: 'answer_delta', delta: answer });
    ctx.tracer.emit({
      type: 'assistant_message',
      content: answer,
      toolCalls: [],
      final: true,
      durationMs: 0,
      raw: reply.raw ?? null,
      warnings: [],
    });
    return { answer, iterations: 1 };
  }
}
const prefixEngine = defineEngine({
  id: 'test-prefix-loop',
  title: 'Prefix loop (test)',
  description: 'Only tests/plugin-descriptors.test.ts knows it.',
  config: PrefixEngineConfig,
  create: (setup) => new PrefixEngine(setup),
});

let server: ScriptedServer;
let app: App;
let home: string;
beforeAll(async () => {
  server = await startScriptedOpenAIServer();
  home = mkdtempSync(path.join(os.tmpdir(), 'ps-descriptors-'));
  app = await createApp({
    dataDir: home,
    mode: 'browser',
    engines: [...BUILTIN_ENGINES, prefixEngine],
    brains: [...BUILTIN_BRAINS, echoBrain],
  });
});
afterAll(async () => {
  cleanup();
  await app.close();
  await server.close();
  rmSync(home, { recursive: true, force: true });
});

const client = () =>
  createClient({
    invoke: (request) => dispatch(app.handlers, request, { transport: 'test' }),
    onEvent: (listener) => app.onEvent(listener),
  });

describe('an engine and a brain added only through their descriptors', () => {
  it('appear in the catalog with the JSON Schemas of their zod configs', async () => {
    const catalog = await client().call('app.catalog', {});
    const engine = catalog.engines.find((e) => e.id === 'test-prefix-loop');
    const brain = catalog.brains.find((b) => b.id === 'test-fetch-brain');
    expect(engine).toMatchObject({ title: 'Prefix loop (test)', source: 'builtin' });
    expect(engine?.configSchema.properties).toMatchObject({
      prefix: { type: 'string', default: '» ', title: 'Answer prefix' },
      max_iterations: { type: 'integer', default: 10 },
    });
    expect(brain?.configSchema).toMatchObject({
      required: ['endpoint'],
      properties: { endpoint: { title: 'Endpoint' }, shout: { type: 'boolean', default: false } },
    });
  });

  it('the editor draws their forms from the schemas, and the persona runs against the scripted server', async () => {
    const api = client();
    const persona = {
      name: 'Descriptor test',
      handlers: ['test-prefix-loop'],
      'test-prefix-loop': {
        brain: 'test-fetch-brain',
        prefix: '[echo] ',
        'test-fetch-brain': { endpoint: `${server.url}/chat/completions` },
      },
    };
    const saved = await api.call('personas.save', { persona });
    const store = createAppStore(api);
    await store.getState().loadCatalog();
    await store.getState().selectPersona(saved.id);
    render(createElement(StoreProvider, { store, children: createElement(PersonaEditor) }));

    // The engine's own key and the brain's block, each as a generated form.
    const prefix = (await screen.findByLabelText('Answer prefix')) as HTMLInputElement;
    expect(prefix.value).toBe('[echo] ');
    expect(screen.getByRole('heading', { name: 'Brain (Fetch brain (test))' })).toBeTruthy();
    const endpoint = screen.getByLabelText(/^Endpoint/) as HTMLInputElement;
    expect(endpoint.value).toBe(`${server.url}/chat/completions`);
    const shout = screen.getByRole('radiogroup', { name: /Shout/ });
    act(() => void fireEvent.click(within(shout).getByRole('radio', { name: 'true' })));
    act(() => void fireEvent.change(prefix, { target: { value: '>> ' } }));
    expect(await act(() => store.getState().savePersona())).toBe(true);

    server.push({ content: 'hello from the scripted server' });
    const finished = new Promise<string>((resolve) =>
      api.on('chat.trace', ({ event }) => {
        if (event.type === 'run_finished') resolve(event.answer);
      }),
    );
    expect(await act(() => store.getState().send('hi'))).toBe(true);
    expect(await finished).toBe('>> HELLO FROM THE SCRIPTED SERVER');
    await waitFor(() => expect(server.chatRequests).toHaveLength(1));
    expect(server.chatRequests[0].body).toMatchObject({
      model: 'echo-model',
      messages: [{ role: 'user', content: 'hi' }],
    });
  });
});
