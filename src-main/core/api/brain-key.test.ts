import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedOpenAIServer, type ScriptedServer } from '../testing/scripted-openai-server';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

let app: App;
let saved: ScriptedServer;
let other: ScriptedServer;

const auth = (server: ScriptedServer) => server.requests.map((r) => r.headers.authorization ?? null);

beforeEach(async () => {
  [saved, other] = await Promise.all([startScriptedOpenAIServer(), startScriptedOpenAIServer()]);
  app = await createApp({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'ps-brain-key-')), mode: 'browser' });
  const brain = 'ovos-chat-openai-plugin';
  const persona = {
    name: 'Keyed',
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': { brain, [brain]: { model: 'm', api_url: saved.url, api_key: 'sk-stored-secret' } },
  };
  const response = await dispatch(
    app.handlers,
    { id: 1, method: 'personas.save', input: { id: 'keyed', persona } },
    { transport: 'test' },
  );
  expect(response.ok).toBe(true);
});

afterEach(async () => {
  await app.close();
  await Promise.all([saved.close(), other.close()]);
});

describe('brains.test with a persona id (the editor probing while the user types)', () => {
  it('sends the stored key only to the address it was saved with, never to another one', async () => {
    await dispatch(
      app.handlers,
      { id: 2, method: 'brains.test', input: { api_url: other.url, personaId: 'keyed' } },
      { transport: 'test' },
    );
    expect(other.requests.length).toBeGreaterThan(0);
    expect(auth(other).some((a) => a?.includes('sk-stored-secret'))).toBe(false);
    await dispatch(
      app.handlers,
      { id: 3, method: 'brains.test', input: { api_url: `${saved.url}/`, personaId: 'keyed' } },
      { transport: 'test' },
    );
    expect(auth(saved)).toContain('Bearer sk-stored-secret');
  });
});
