import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../../shared/domain/message';
import { startScriptedOpenAIServer, type ScriptedServer } from '../../testing/scripted-openai-server';
import { DEFAULT_MAX_REPLY_CHARS, OpenAIBrain } from './openai-brain';

const user = (content: string): AgentMessage => ({ role: 'user', content });
const chunk = (content: string) => ({
  id: 'c',
  object: 'chat.completion.chunk',
  model: 'm',
  choices: [{ index: 0, delta: { content } }],
});

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedOpenAIServer({ models: ['m'] });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** Drains a stream; returns how much text came and how it ended. */
async function drain(brain: OpenAIBrain) {
  let received = 0;
  const started = performance.now();
  try {
    const stream = brain.streamChat([user('go')]);
    for (;;) {
      const next = await stream.next();
      if (next.done) return { received, error: null, ms: performance.now() - started };
      received += next.value.length;
    }
  } catch (error) {
    return { received, error: error as { code?: string; message: string }, ms: performance.now() - started };
  }
}

describe('OpenAIBrain bounds every reply', () => {
  it('a stream that never ends is stopped at the total timeout, though chunks keep coming', async () => {
    server.push({ sse: [chunk('la ')], chunkDelayMs: 20, repeat: Infinity });
    const out = await drain(new OpenAIBrain({ model: 'm', api_url: server.url, timeout: 0.5, total_timeout: 1.2 }));
    expect(out.received).toBeGreaterThan(0);
    expect(out.error).toMatchObject({
      code: 'brain_unreachable',
      message: `The reply from ${server.url}/chat/completions did not end within 1.2 s (the brain's total_timeout); it was stopped there.`,
    });
    expect(out.ms).toBeGreaterThan(1000);
    expect(out.ms).toBeLessThan(4000);
  }, 10_000);

  it('a stream of empty chunks ends at the idle timeout: chunks without data are not an answer', async () => {
    const empty = { id: 'c', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta: {} }] };
    server.push({ sse: [empty, { ...empty, choices: [] }], chunkDelayMs: 20, repeat: Infinity });
    const out = await drain(new OpenAIBrain({ model: 'm', api_url: server.url, timeout: 0.4 }));
    expect(out.error).toMatchObject({ code: 'brain_unreachable', message: expect.stringContaining('within 0.4 s') });
    expect(out.ms).toBeLessThan(3000);
  }, 10_000);

  it('a 100 MB answer is cut at the size limit, naming it', async () => {
    const piece = 'x'.repeat(64 * 1024);
    server.push({ sse: [chunk(piece)], repeat: 1600 });
    const out = await drain(new OpenAIBrain({ model: 'm', api_url: server.url }));
    expect(out.error).toMatchObject({
      code: 'brain_bad_response',
      message: expect.stringContaining(`passed ${DEFAULT_MAX_REPLY_CHARS.toLocaleString('en')} characters`),
    });
    expect(out.error?.message).toContain('max_reply_chars');
    expect(out.received).toBeLessThanOrEqual(DEFAULT_MAX_REPLY_CHARS);
  }, 30_000);

  it('the limit is configurable, and holds for non-streamed replies too', async () => {
    server.push({ content: 'y'.repeat(5000) });
    const brain = new OpenAIBrain({ model: 'm', api_url: server.url, max_reply_chars: 1000 });
    await expect(brain.continueChat([user('go')])).rejects.toMatchObject({
      code: 'brain_bad_response',
      message: expect.stringContaining('passed 1,000 characters'),
    });
  });

  it('a compressed reply is held to the limit as it decodes, whatever its announced length', async () => {
    const completion = {
      id: 'x',
      object: 'chat.completion',
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'y'.repeat(5000) }, finish_reason: 'stop' }],
    };
    const body = gzipSync(JSON.stringify(completion));
    const gzipServer = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'content-length': body.length,
        });
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => gzipServer.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(gzipServer.address() as AddressInfo).port}/v1`;
      expect(body.length).toBeLessThan(1000);
      const brain = new OpenAIBrain({ model: 'm', api_url: url, max_reply_chars: 1000 });
      await expect(brain.continueChat([user('go')])).rejects.toMatchObject({
        code: 'brain_bad_response',
        message: expect.stringContaining('passed 1,000 characters'),
      });
    } finally {
      gzipServer.closeAllConnections();
      await new Promise((resolve) => gzipServer.close(resolve));
    }
  });

  it('tool-call arguments nested 10,000 deep are not run, with a warning naming the limit (no stack overflow later)', async () => {
    const deep = `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    server.push({ toolCalls: [{ id: 'c1', name: 'add', arguments: deep }] });
    const reply = await new OpenAIBrain({ model: 'm', api_url: server.url }).continueChat([user('go')]);
    expect(reply.toolCalls).toEqual([{ id: 'c1', name: 'add', arguments: {}, rawArguments: deep }]);
    expect(reply.warnings).toEqual([
      "The model called 'add' with arguments that cannot be taken in (The JSON is nested deeper than 256 levels, the limit.); the call is not run.",
    ]);
  });
});
