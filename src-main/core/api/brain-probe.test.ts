import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BUILTIN_BRAINS, defineBrain } from '../brains';
import { ScriptedBrain } from '../engines/testing/scripted-brain';
import { startScriptedOpenAIServer } from '../testing/scripted-openai-server';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';
import { explainUnreachable } from './handlers/brains';
import { describeNetworkCause } from '../brains/openai/openai-errors';

const probeless = defineBrain({
  id: 'no-probe-brain',
  title: 'No probe',
  description: '',
  config: z.looseObject({}),
  create: () => new ScriptedBrain([]),
});

let app: App;
beforeAll(async () => {
  app = await createApp({
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'ps-brain-probe-')),
    mode: 'browser',
    brains: [...BUILTIN_BRAINS, probeless],
  });
});
afterAll(() => app.close());

async function call(method: 'brains.test' | 'brains.models', input: Record<string, unknown>) {
  return dispatch(app.handlers, { id: 1, method, input }, { transport: 'test' });
}

describe("brains.test asks the brain's own probe", () => {
  it('a dead LM Studio address gets LM Studio’s hint, not "Start Ollama"', async () => {
    const closed = await startScriptedOpenAIServer();
    const port = new URL(closed.url).port;
    await closed.close();
    // The LM Studio preset's address, on a port where nothing listens: the hint follows the preset the URL is.
    const response = await call('brains.test', { api_url: 'http://localhost:1234/v1' });
    expect(response.ok).toBe(true);
    const output = (response as { output: { error: { message: string } | null } }).output;
    expect(output.error?.message).toMatch(/^No server answers at http:\/\/localhost:1234\/v1\. Start LM Studio there/);
    expect(output.error?.message).not.toContain('Ollama');
    const other = await call('brains.test', { api_url: `http://127.0.0.1:${port}/v1` });
    expect((other as { output: { error: { message: string } } }).output.error.message).toMatch(/Start Ollama/);
  });

  it("at Ollama's address says how to start it once, the cause kept", () => {
    const url = 'http://localhost:11434/v1';
    const cause = `Cannot reach ${url}: ${describeNetworkCause({ code: 'ECONNREFUSED' }, url)}.`;
    expect(cause).toContain('ollama serve');
    const { message } = explainUnreachable({ code: 'brain_unreachable', message: cause }, url)!;
    expect(message).toBe(
      'No server answers at http://localhost:11434/v1. Start Ollama (`ollama serve`) or another OpenAI-compatible ' +
        'server there, or change api_url. (Cannot reach http://localhost:11434/v1: connection refused: no server ' +
        'answers there.)',
    );
  });

  it('names the brain: one without a probe says so, an unknown id is not_found', async () => {
    const none = await call('brains.test', { brainId: 'no-probe-brain', api_url: 'http://x/v1' });
    expect(none).toMatchObject({
      ok: true,
      output: { ok: false, error: { message: 'The No probe brain (no-probe-brain) has no connection test.' } },
    });
    expect(await call('brains.models', { brainId: 'gone-brain', api_url: 'http://x/v1' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: "No brain 'gone-brain' here." },
    });
  });
});
