import { spawn } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedOpenAIServer, type ScriptedServer } from './scripted-openai-server';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const json = async (response: Response | Promise<Response>): Promise<Json> => (await response).json();

const chat = (url: string, body: Record<string, unknown>) =>
  fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', messages: [], ...body }),
  });

function sseData(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice(6))
    .map((data) => (data === '[DONE]' ? '[DONE]' : JSON.parse(data)));
}

describe('scripted OpenAI server', () => {
  it('answers in order, records requests, and says when the script is exhausted', async () => {
    server = await startScriptedOpenAIServer({
      replies: [{ content: 'one' }, { toolCalls: [{ name: 'f', arguments: { x: 1 } }] }],
    });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const a = await json(chat(server.url, { messages: [{ role: 'user', content: 'q' }] }));
    expect(a.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'one' }, finish_reason: 'stop' });
    const b = await json(chat(server.url, {}));
    expect(b.choices[0]).toMatchObject({
      message: {
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"x":1}' } }],
      },
      finish_reason: 'tool_calls',
    });
    const c = await chat(server.url, {});
    expect(c.status).toBe(500);
    expect((await json(c)).error.message).toContain('script is exhausted');
    expect(server.requests.map((r) => r.body.messages)).toEqual([[{ role: 'user', content: 'q' }], [], []]);
  });

  it('streams SSE: several content deltas, tool call deltas, then [DONE]', async () => {
    server = await startScriptedOpenAIServer({
      replies: [{ content: 'a b c', toolCalls: [{ id: 'x1', name: 'f', arguments: '{"k": "v"}' }] }],
    });
    const response = await chat(server.url, { stream: true });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = sseData(await response.text());
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1) as Array<{
      choices: Array<{ delta: Record<string, unknown>; finish_reason: string | null }>;
    }>;
    const text = chunks.map((c) => c.choices[0].delta.content ?? '').join('');
    expect(text).toBe('a b c');
    expect(
      chunks.filter((c) => typeof c.choices[0].delta.content === 'string' && c.choices[0].delta.content !== '').length,
    ).toBe(3);
    const args = chunks
      .flatMap((c) => (c.choices[0].delta.tool_calls as Array<{ function: { arguments: string } }> | undefined) ?? [])
      .map((t) => t.function.arguments);
    expect(args.join('')).toBe('{"k": "v"}');
    expect(args.filter(Boolean).length).toBeGreaterThan(1);
    expect(chunks.at(-1)?.choices[0].finish_reason).toBe('tool_calls');
  });

  it('serves /models, a 404 for an unknown model, and a 401 for a wrong key', async () => {
    server = await startScriptedOpenAIServer({ models: ['qwen2.5'], apiKey: 'k', replies: () => ({ content: 'x' }) });
    const auth = { authorization: 'Bearer k' };
    const models = await json(fetch(`${server.url}/models`, { headers: auth }));
    expect(models.data.map((m: { id: string }) => m.id)).toEqual(['qwen2.5']);
    const unknown = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ model: 'gpt-9', messages: [] }),
    });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error).toMatchObject({
      code: 'model_not_found',
      message: expect.stringContaining('The model `gpt-9` does not exist'),
    });
    expect((await chat(server.url, {})).status).toBe(401);
  });

  it('function replies see the request and its index; loop repeats a list', async () => {
    server = await startScriptedOpenAIServer({
      replies: (req, i) => ({ content: `${i}:${req.body.messages.length}` }),
    });
    expect(
      (await json(chat(server.url, { messages: [{ role: 'user', content: 'a' }] }))).choices[0].message.content,
    ).toBe('0:1');
    expect((await json(chat(server.url, {}))).choices[0].message.content).toBe('1:0');
    await server.close();
    server = await startScriptedOpenAIServer({ replies: [{ content: 'again' }], loop: true });
    for (let i = 0; i < 3; i++) expect((await json(chat(server.url, {}))).choices[0].message.content).toBe('again');
  });

  it('sse replies send their events verbatim; done: false leaves out [DONE]; cut drops the connection', async () => {
    server = await startScriptedOpenAIServer({
      replies: [{ sse: [{ a: 1 }, 'not json'] }, { sse: [{ b: 2 }], done: false }, { sse: [{ c: 3 }], cut: true }],
    });
    expect(await (await chat(server.url, { stream: true })).text()).toBe(
      'data: {"a":1}\n\ndata: not json\n\ndata: [DONE]\n\n',
    );
    expect(await (await chat(server.url, { stream: true })).text()).toBe('data: {"b":2}\n\n');
    const cut = await chat(server.url, { stream: true });
    await expect(cut.text()).rejects.toThrow();
  });

  it('keeps the connection open between JSON replies, as a real provider does', async () => {
    server = await startScriptedOpenAIServer({ replies: () => ({ content: 'hi' }) });
    let connects = 0;
    const count = () => connects++;
    diagnostics.subscribe('undici:client:beforeConnect', count);
    try {
      for (let i = 0; i < 5; i++) expect((await json(chat(server.url, {}))).choices[0].message.content).toBe('hi');
      for (let i = 0; i < 3; i++) expect((await json(fetch(`${server.url}/models`))).object).toBe('list');
    } finally {
      diagnostics.unsubscribe('undici:client:beforeConnect', count);
    }
    // undici opens a second socket for the second request (the first is not back in its pool yet), then reuses them.
    expect(connects).toBeLessThanOrEqual(2);
  });

  it('close() ends hanging requests', async () => {
    server = await startScriptedOpenAIServer({ replies: [{ hang: true }] });
    const pending = chat(server.url, {}).then(
      () => 'answered',
      () => 'dropped',
    );
    await new Promise((r) => setTimeout(r, 50));
    await server.close();
    server = undefined;
    expect(await pending).toBe('dropped');
  });

  it('runs as its own process: prints its URL, replies from a JSON file, control routes work', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scripted-'));
    const script = join(dir, 'script.json');
    writeFileSync(script, JSON.stringify({ replies: [{ content: 'from file' }], models: ['m'] }));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src-main/core/testing/scripted-openai-server-cli.ts', script],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      expect((await json(chat(url, {}))).choices[0].message.content).toBe('from file');
      const origin = url.replace(/\/v1$/, '');
      await fetch(`${origin}/__script/push`, { method: 'POST', body: JSON.stringify([{ content: 'pushed' }]) });
      expect((await json(chat(url, {}))).choices[0].message.content).toBe('pushed');
      const recorded = await json(fetch(`${origin}/__script/requests`));
      expect(recorded).toHaveLength(2);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
