import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOpenAIServer, type ScriptedServer } from '../../testing/scripted-openai-server';
import { describeNetworkCause } from './openai-errors';
import { probeBrain } from './probe';
import { closedPort } from '../../testing/ports';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedOpenAIServer({ models: ['qwen2.5:latest', 'llama3.2:latest'], apiKey: 'sk-ok' });
});
afterAll(() => server.close());

describe('probeBrain', () => {
  it('lists the models of a reachable server (full chat URL accepted) and checks the named model', async () => {
    const result = await probeBrain({ api_url: `${server.url}/chat/completions`, api_key: 'sk-ok', model: 'qwen2.5' });
    expect(result).toMatchObject({ ok: true, models: ['qwen2.5:latest', 'llama3.2:latest'], error: null });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(server.requests.at(-1)?.path).toBe('/v1/models');
  });

  it('says clearly when the model is missing, listing what the server has', async () => {
    const result = await probeBrain({ api_url: server.url, api_key: 'sk-ok', model: 'mistral' });
    expect(result.ok).toBe(false);
    expect(result.error?.message).toContain("has no model 'mistral'");
    expect(result.error?.message).toContain('qwen2.5:latest, llama3.2:latest');
  });

  it('a refused key is reported with the provider message', async () => {
    const result = await probeBrain({ api_url: server.url, api_key: 'sk-bad' });
    expect(result.ok).toBe(false);
    expect(result.error).toMatchObject({ code: 'brain_bad_response' });
    expect(result.error?.message).toContain('HTTP 401');
    expect(result.error?.message).toContain('api_key');
  });

  it('nothing listening: says plainly that no server answers there', async () => {
    const port = await closedPort();
    const result = await probeBrain({ api_url: `http://127.0.0.1:${port}/v1` });
    expect(result).toMatchObject({ ok: false, models: [], error: { code: 'brain_unreachable' } });
    expect(result.error?.message).toContain('no server answers there');
  });

  it("a refusal at Ollama's default address names Ollama", async () => {
    const port = await closedPort();
    const refused = await fetch(`http://127.0.0.1:${port}/v1/models`).catch((e: unknown) => e);
    expect(describeNetworkCause(refused, 'http://localhost:11434/v1')).toMatch(
      /no server answers there \(is Ollama running/,
    );
    expect(describeNetworkCause(refused, `http://127.0.0.1:${port}/v1`)).toBe(
      'connection refused: no server answers there',
    );
  });

  it('times out and can be cancelled', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}/v1`;
    try {
      const timedOut = await probeBrain({ api_url: url }, { timeoutMs: 200 });
      expect(timedOut.error).toMatchObject({ code: 'brain_unreachable' });
      expect(timedOut.error?.message).toContain('within 0.2 s');
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const cancelled = await probeBrain({ api_url: url }, { signal: controller.signal });
      expect(cancelled.error).toMatchObject({ code: 'cancelled' });
    } finally {
      silent.close();
    }
  });
});
