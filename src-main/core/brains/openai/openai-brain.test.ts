import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../../shared/domain/message';
import { ToolBox } from '../../toolbox';
import { startScriptedOpenAIServer, type ScriptedServer } from '../../testing/scripted-openai-server';
import { OpenAIBrain, normalizeApiUrl } from './openai-brain';
import { MathTools } from '../../toolbox/test-fixtures';

const user = (content: string): AgentMessage => ({ role: 'user', content });

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedOpenAIServer({ models: ['qwen2.5'] });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const brain = (extra: Record<string, unknown> = {}) =>
  new OpenAIBrain({ model: 'qwen2.5', api_url: server.url, ...extra });

describe('OpenAIBrain wire mapping', () => {
  it('sends OVOS messages exactly: content null on tool-call turns, tool_call_id and name on tool messages', async () => {
    server.push({ content: 'It is 3.' });
    const reply = await brain().continueChat([
      { role: 'system', content: 'Be precise.' },
      user('1+2?'),
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 1, b: 2 } }] },
      { role: 'tool', content: '{"result":3}', toolCallId: 'c1', name: 'add' },
    ]);
    expect(reply).toMatchObject({ role: 'assistant', content: 'It is 3.', warnings: [] });
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0].body;
    expect(body).toEqual({
      model: 'qwen2.5',
      messages: [
        { role: 'system', content: 'Be precise.' },
        { role: 'user', content: '1+2?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'add', arguments: '{"a":1,"b":2}' } }],
        },
        { role: 'tool', content: '{"result":3}', tool_call_id: 'c1', name: 'add' },
      ],
    });
    expect(server.requests[0].path).toBe('/v1/chat/completions');
  });

  it('puts `tools` in the payload only when the normalized list is non-empty', async () => {
    const toolbox = new MathTools();
    await toolbox.ready;
    server.push({ content: 'a' }, { content: 'b' }, { content: 'c' });
    await brain().continueChat([user('hi')], { tools: [] });
    await brain().continueChat([user('hi')], { tools: undefined });
    await brain().continueChat([user('hi')], { tools: ToolBox.normalizeTools([toolbox]) });
    expect('tools' in server.requests[0].body).toBe(false);
    expect('tools' in server.requests[1].body).toBe(false);
    expect(server.requests[2].body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'add',
          description: 'Add two integers.',
          parameters: expect.objectContaining({ required: ['a', 'b'] }),
        },
      },
    ]);
  });

  it('parses reply tool calls; arguments that are not JSON become {} with a warning naming the tool and the raw text', async () => {
    server.push({
      toolCalls: [
        { id: 'c7', name: 'add', arguments: { a: 2, b: 5 } },
        { id: 'c8', name: 'add', arguments: '{a: 2, b' },
      ],
    });
    const reply = await brain().continueChat([user('add')]);
    expect(reply.content).toBe('');
    expect(reply.toolCalls).toEqual([
      { id: 'c7', name: 'add', arguments: { a: 2, b: 5 } },
      { id: 'c8', name: 'add', arguments: {}, rawArguments: '{a: 2, b' },
    ]);
    expect(reply.warnings).toHaveLength(1);
    expect(reply.warnings?.[0]).toContain("'add'");
    expect(reply.warnings?.[0]).toContain('{a: 2, b');
  });

  it('generates an id for a call that came without one, and says so', async () => {
    server.push({ toolCalls: [{ id: null, name: 'add', arguments: { a: 1, b: 1 } }] });
    const reply = await brain().continueChat([user('add')]);
    const id = reply.toolCalls?.[0].id ?? '';
    expect(id).toMatch(/^call_[A-Za-z0-9_-]{8,}$/);
    expect(reply.warnings?.[0]).toContain(id);
    expect(reply.warnings?.[0]).toContain('no id');
  });

  it('attaches the exact request body and the provider JSON as raw; the api key is a header, never in the body', async () => {
    server.push({ content: 'ok' });
    const reply = await brain({ api_key: 'sk-secret-123', temperature: 0.2 }).continueChat([user('hi')]);
    expect(reply.raw?.request).toEqual(server.requests[0].body);
    expect(server.requests[0].rawBody).not.toContain('sk-secret-123');
    expect(JSON.stringify(reply.raw)).not.toContain('sk-secret-123');
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-secret-123');
    expect(server.requests[0].body.temperature).toBe(0.2);
    expect(reply.raw?.response).toMatchObject({ object: 'chat.completion', choices: [{ message: { content: 'ok' } }] });
  });

  it("sends 'not-needed' as the key when none is configured (local servers)", async () => {
    server.push({ content: 'ok' });
    await brain().continueChat([user('hi')]);
    expect(server.requests[0].headers.authorization).toBe('Bearer not-needed');
  });

  it('accepts the full /v1/chat/completions URL or the /v1 base', async () => {
    expect(normalizeApiUrl('http://localhost:11434/v1/chat/completions')).toBe('http://localhost:11434/v1');
    expect(normalizeApiUrl('http://localhost:11434/v1/')).toBe('http://localhost:11434/v1');
    server.push({ content: 'full' }, { content: 'base' });
    const full = await brain({ api_url: `${server.url}/chat/completions` }).continueChat([user('a')]);
    const base = await brain({ api_url: `${server.url}/` }).continueChat([user('b')]);
    expect([full.content, base.content]).toEqual(['full', 'base']);
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
  });

  it('needs a model, and says so', () => {
    expect(() => new OpenAIBrain({ api_url: server.url })).toThrow(/needs a "model"/);
  });
});

describe('OpenAIBrain streaming', () => {
  it('yields content deltas in order and returns the assembled reply', async () => {
    server.push({ content: 'The answer is one hundred and eight.' });
    const stream = brain().streamChat([user('12*9?')]);
    const deltas: string[] = [];
    let result = await stream.next();
    while (!result.done) {
      deltas.push(result.value);
      result = await stream.next();
    }
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe('The answer is one hundred and eight.');
    expect(result.value).toMatchObject({ role: 'assistant', content: 'The answer is one hundred and eight.' });
    expect(result.value.toolCalls).toBeUndefined();
    expect(server.requests[0].body.stream).toBe(true);
    expect(result.value.raw?.response).toMatchObject({
      choices: [{ message: { content: 'The answer is one hundred and eight.' }, finish_reason: 'stop' }],
    });
  });

  it('assembles streamed tool calls (several, arguments split across chunks)', async () => {
    server.push({
      toolCalls: [
        { name: 'add', arguments: { a: 12, b: 9 } },
        { name: 'add', arguments: { a: 1, b: 2 } },
      ],
    });
    const stream = brain().streamChat([user('add')]);
    let result = await stream.next();
    const deltas: string[] = [];
    while (!result.done) {
      deltas.push(result.value);
      result = await stream.next();
    }
    expect(deltas).toEqual([]);
    expect(result.value.toolCalls).toEqual([
      { id: 'call_1', name: 'add', arguments: { a: 12, b: 9 } },
      { id: 'call_2', name: 'add', arguments: { a: 1, b: 2 } },
    ]);
    expect(result.value.warnings).toEqual([]);
  });

  it('copes with a server that ignores stream: true and answers one JSON completion', async () => {
    const completion = {
      id: 'x',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'plain JSON answer' }, finish_reason: 'stop' }],
    };
    server.push({ garbage: JSON.stringify(completion), contentType: 'application/json' });
    const stream = brain().streamChat([user('hi')]);
    const deltas: string[] = [];
    let result = await stream.next();
    for (; !result.done; result = await stream.next()) deltas.push(result.value);
    expect(deltas).toEqual(['plain JSON answer']);
    expect(result.value).toMatchObject({ content: 'plain JSON answer', raw: { response: completion } });
  });
});
