import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CancelledError } from '../../errors';
import { startScriptedOpenAIServer, type ScriptedServer } from '../../testing/scripted-openai-server';
import { BrainError } from '../brain-error';
import { OpenAIBrain } from './openai-brain';
import { closedPort } from '../../testing/ports';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedOpenAIServer({ models: ['qwen2.5'] });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const hi = [{ role: 'user' as const, content: 'hi' }];
const brain = (extra: Record<string, unknown> = {}) =>
  new OpenAIBrain({ model: 'qwen2.5', api_url: server.url, ...extra });

async function failure(promise: Promise<unknown>): Promise<BrainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BrainError);
  return error as BrainError;
}

async function drain(stream: AsyncGenerator<string, unknown, void>) {
  const deltas: string[] = [];
  for (let r = await stream.next(); !r.done; r = await stream.next()) deltas.push(r.value);
  return deltas;
}

/** A port nobody listens on: bound, then released. */
describe('OpenAIBrain failures end as BrainError with the provider message', () => {
  it('provider 500 -> brain_bad_response with status and the provider text', async () => {
    server.push({ status: 500, body: { error: { message: 'CUDA out of memory', type: 'server_error' } } });
    const error = await failure(brain().continueChat(hi));
    expect(error.code).toBe('brain_bad_response');
    expect(error.message).toContain('HTTP 500');
    expect(error.message).toContain('CUDA out of memory');
    expect(error.details).toMatchObject({ status: 500, providerMessage: 'CUDA out of memory' });
    expect(server.requests).toHaveLength(1);
  });

  it('429 -> brain_bad_response naming the rate limit, no silent retry', async () => {
    server.push({ status: 429, headers: { 'retry-after': '0' } }, { content: 'should not be used' });
    const error = await failure(brain().continueChat(hi));
    expect(error.code).toBe('brain_bad_response');
    expect(error.message).toContain('HTTP 429');
    expect(error.message).toContain('Rate limit reached');
    expect(server.requests).toHaveLength(1);
  });

  it('401 -> brain_bad_response telling to check the api_key', async () => {
    const locked = await startScriptedOpenAIServer({ apiKey: 'sk-right', replies: [{ content: 'never' }] });
    try {
      const error = await failure(
        new OpenAIBrain({ model: 'm', api_url: locked.url, api_key: 'sk-wrong' }).continueChat(hi),
      );
      expect(error.message).toContain('HTTP 401');
      expect(error.message).toContain('Incorrect API key provided');
      expect(error.message).toContain('api_key');
    } finally {
      await locked.close();
    }
  });

  it('unknown model -> 404 with the provider message naming the model', async () => {
    const error = await failure(brain({ model: 'llama-nope' }).continueChat(hi));
    expect(error.code).toBe('brain_bad_response');
    expect(error.message).toContain('HTTP 404');
    expect(error.message).toContain('The model `llama-nope` does not exist');
    expect(error.details).toMatchObject({ status: 404, providerCode: 'model_not_found' });
  });

  it('an error body that is not JSON (Ollama-style text) is quoted as it is', async () => {
    server.push({ status: 502, rawBody: 'Bad gateway: upstream llama.cpp crashed' });
    const error = await failure(brain().continueChat(hi));
    expect(error.message).toContain('HTTP 502: Bad gateway: upstream llama.cpp crashed');
  });

  it('refused connection -> brain_unreachable naming the URL and the cause', async () => {
    const port = await closedPort();
    const started = Date.now();
    const error = await failure(
      new OpenAIBrain({ model: 'm', api_url: `http://127.0.0.1:${port}/v1` }).continueChat(hi),
    );
    expect(error.code).toBe('brain_unreachable');
    expect(error.message).toContain(`http://127.0.0.1:${port}/v1/chat/completions`);
    expect(error.message).toContain('connection refused');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('timeout -> brain_unreachable within the configured time', async () => {
    server.push({ delayMs: 5000, content: 'too late' });
    const started = Date.now();
    const error = await failure(brain({ timeout: 0.3 }).continueChat(hi));
    expect(error.code).toBe('brain_unreachable');
    expect(error.message).toContain('within 0.3 s (timeout)');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a hanging server ends in a timeout, streaming too', async () => {
    server.push({ hang: true });
    const started = Date.now();
    const error = await failure(drain(brain({ timeout: 0.3 }).streamChat(hi)));
    expect(error.code).toBe('brain_unreachable');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a stream that stalls after its first chunks times out (idle timeout)', async () => {
    server.push({ content: 'one two three four', chunkDelayMs: 2000 });
    const error = await failure(drain(brain({ timeout: 0.4 }).streamChat(hi)));
    expect(error.code).toBe('brain_unreachable');
  });

  it('garbage body (claims JSON) -> brain_bad_response quoting it', async () => {
    server.push({ garbage: '<html>502 proxy error</html>' });
    const error = await failure(brain().continueChat(hi));
    expect(error.code).toBe('brain_bad_response');
    expect(error.message).toContain('not JSON');
    expect(error.message).toContain('<html>502 proxy error</html>');
  });

  it('garbage body as text/html, and JSON that is not a completion -> brain_bad_response', async () => {
    server.push({ garbage: 'hello there', contentType: 'text/html' }, { garbage: '{"foo": 1}' });
    expect((await failure(brain().continueChat(hi))).message).toContain('hello there');
    expect((await failure(brain().continueChat(hi))).message).toContain('no choices[0].message');
  });

  it('garbage in a stream -> brain_bad_response', async () => {
    server.push(
      { garbage: 'data: {not json\n\n', contentType: 'text/event-stream' },
      { garbage: 'plain words', contentType: 'text/event-stream' },
    );
    expect((await failure(drain(brain().streamChat(hi)))).code).toBe('brain_bad_response');
    expect((await failure(drain(brain().streamChat(hi)))).message).toContain('without any data chunk');
  });

  it('streaming errors carry the provider message too', async () => {
    server.push({ status: 503, body: { error: { message: 'Model is loading', type: 'server_error' } } });
    const error = await failure(drain(brain().streamChat(hi)));
    expect(error.message).toContain('HTTP 503: Model is loading');
  });
});

describe('OpenAIBrain cancellation', () => {
  it('abort during a request rejects promptly with CancelledError', async () => {
    server.push({ hang: true });
    const controller = new AbortController();
    const pending = brain().continueChat(hi, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    expect(Date.now() - started).toBeLessThan(500);
    expect(server.requests).toHaveLength(1);
  });

  it('abort mid-stream stops the stream with CancelledError', async () => {
    server.push({ content: 'a b c d e f g h', chunkDelayMs: 50 });
    const controller = new AbortController();
    const stream = brain().streamChat(hi, { signal: controller.signal });
    const first = await stream.next();
    expect(first.done).toBe(false);
    controller.abort();
    await expect(drain(stream)).rejects.toBeInstanceOf(CancelledError);
  });

  it('an already aborted signal fails without waiting', async () => {
    server.push({ content: 'x' });
    await expect(brain().continueChat(hi, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(CancelledError);
  });
});
