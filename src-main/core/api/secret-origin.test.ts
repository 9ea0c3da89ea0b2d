import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../shared/domain/trace';
import type { MethodInput, MethodName } from '../../../shared/ipc/contract';
import type { RpcResponse } from '../../../shared/ipc/envelope';
import { startScriptedOpenAIServer, type ScriptedServer } from '../testing/scripted-openai-server';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

const BRAIN = 'ovos-chat-openai-plugin';
const KEY_PATH = `ovos-native-toolcall-loop.${BRAIN}.api_key`;
let app: App;
let first: ScriptedServer;
let second: ScriptedServer;

function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<RpcResponse> {
  return dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
}
const persona = (apiUrl: string, key?: string) => ({
  name: 'Keyed',
  handlers: ['ovos-native-toolcall-loop'],
  'ovos-native-toolcall-loop': {
    brain: BRAIN,
    [BRAIN]: { model: 'm', api_url: apiUrl, ...(key ? { api_key: key } : {}) },
  },
});
const auth = (server: ScriptedServer) => server.requests.map((r) => r.headers.authorization ?? null);

/** Sends one message and waits for the run to end. */
async function chat(message: string): Promise<void> {
  let done = false;
  const off = app.onEvent((e) => {
    const { event } = e.payload as { event: TraceEvent };
    if (e.event === 'chat.trace' && ['run_finished', 'run_failed'].includes(event.type)) done = true;
  });
  expect(await call('chat.send', { personaId: 'keyed', message })).toMatchObject({ ok: true });
  const deadline = Date.now() + 5000;
  while (!done && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  off();
  expect(done).toBe(true);
}

beforeEach(async () => {
  [first, second] = await Promise.all([
    startScriptedOpenAIServer({ loop: true }),
    startScriptedOpenAIServer({ loop: true }),
  ]);
  first.setReplies({ content: 'one' });
  second.setReplies({ content: 'two' });
  app = await createApp({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'ps-secret-origin-')), mode: 'browser' });
  expect(await call('personas.save', { id: 'keyed', persona: persona(first.url, 'sk-old-secret') })).toMatchObject({
    ok: true,
  });
});

afterEach(async () => {
  await app.close();
  await Promise.all([first.close(), second.close()]);
});

describe('a stored key and a changed api_url', () => {
  it('is never sent to the new server: not by the connection test, not by a run', async () => {
    const saved = await call('personas.save', { id: 'keyed', persona: persona(second.url) });
    expect(saved).toMatchObject({ ok: true, output: { secretsSet: [KEY_PATH], secretsHeld: [KEY_PATH] } });
    await call('brains.test', { api_url: second.url, personaId: 'keyed' });
    await chat('hi');
    expect(second.requests.length).toBeGreaterThan(1);
    expect(auth(second).some((a) => a?.includes('sk-old-secret'))).toBe(false);
  });

  it('still goes to the server it was saved for when the URL changes back', async () => {
    await call('personas.save', { id: 'keyed', persona: persona(second.url) });
    const back = await call('personas.save', { id: 'keyed', persona: persona(first.url) });
    expect(back).toMatchObject({ ok: true, output: { secretsHeld: [] } });
    await chat('hi');
    expect(auth(first)).toContain('Bearer sk-old-secret');
  });

  it('follows the new URL when the user says to keep it (rebindSecrets)', async () => {
    const saved = await call('personas.save', { id: 'keyed', persona: persona(second.url), rebindSecrets: [KEY_PATH] });
    expect(saved).toMatchObject({ ok: true, output: { secretsHeld: [] } });
    await chat('hi');
    expect(auth(second)).toContain('Bearer sk-old-secret');
  });
});
