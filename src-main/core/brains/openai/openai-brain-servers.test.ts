import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../../shared/domain/message';
import { startScriptedOpenAIServer, type ScriptedServer } from '../../testing/scripted-openai-server';
import type { BrainMessage } from '../chat-engine';
import { toErrorValue } from '../../errors';
import { OpenAIBrain } from './openai-brain';
import { ThinkFilter } from './openai-reasoning';

/** What real servers (Ollama /v1, llama.cpp, LM Studio, vLLM, OpenAI) send that the happy path does not. */

const user = (content: string): AgentMessage => ({ role: 'user', content });
const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [{ index: 0, delta, finish_reason: finish }],
});
const completion = (message: Record<string, unknown>, finish = 'stop') =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'm',
    choices: [{ index: 0, message, finish_reason: finish }],
  });

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedOpenAIServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const brain = () => new OpenAIBrain({ model: 'm', api_url: server.url, timeout: 5 });

async function streamed(b = brain()): Promise<{ deltas: string[]; reply: BrainMessage }> {
  const gen = b.streamChat([user('hi')]);
  const deltas: string[] = [];
  for (;;) {
    const step = await gen.next();
    if (step.done) return { deltas, reply: step.value };
    deltas.push(step.value);
  }
}

describe('OpenAIBrain against real servers: tool calls', () => {
  it('takes arguments sent as an already-parsed object, "", "null" and JSON encoded twice (non-streamed)', async () => {
    server.push({
      garbage: completion(
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'a', type: 'function', function: { name: 'f', arguments: { x: 1 } } },
            { id: 'b', type: 'function', function: { name: 'g', arguments: '' } },
            { id: 'c', type: 'function', function: { name: 'h', arguments: 'null' } },
            { id: 'd', type: 'function', function: { name: 'k', arguments: JSON.stringify(JSON.stringify({ y: 2 })) } },
          ],
        },
        'tool_calls',
      ),
    });
    const reply = await brain().continueChat([user('hi')]);
    expect(reply.content).toBe('');
    expect(reply.toolCalls).toEqual([
      { id: 'a', name: 'f', arguments: { x: 1 } },
      { id: 'b', name: 'g', arguments: {} },
      { id: 'c', name: 'h', arguments: {} },
      { id: 'd', name: 'k', arguments: { y: 2 } },
    ]);
    expect(reply.warnings).toHaveLength(2);
  });

  it('assembles parallel streamed calls interleaved by index, with only index on later chunks', async () => {
    server.push({
      sse: [
        chunk({ role: 'assistant', content: null }),
        chunk({ tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'get_', arguments: '' } }] }),
        chunk({ tool_calls: [{ index: 1, id: 'b', type: 'function', function: { name: 'add', arguments: '' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { name: 'weather' } }] }),
        chunk({
          tool_calls: [
            { index: 0, function: { arguments: '{"ci' } },
            { index: 1, function: { arguments: '{"a":' } },
          ],
        }),
        chunk({ tool_calls: [{ index: 1, function: { arguments: '1,"b":2}' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Oslo"}' } }] }),
        chunk({ content: null }, 'tool_calls'),
      ],
    });
    const { deltas, reply } = await streamed();
    expect(deltas).toEqual([]);
    expect(reply.content).toBe('');
    expect(reply.toolCalls).toEqual([
      { id: 'a', name: 'get_weather', arguments: { city: 'Oslo' } },
      { id: 'b', name: 'add', arguments: { a: 1, b: 2 } },
    ]);
    expect(reply.warnings).toEqual([]);
  });

  it('keeps streamed calls apart when a server numbers every call index 0, and takes object arguments', async () => {
    server.push({
      sse: [
        chunk({
          role: 'assistant',
          tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'f', arguments: { x: 1 } } }],
        }),
        chunk({ tool_calls: [{ index: 0, id: 'b', type: 'function', function: { name: 'g', arguments: '{"y":2}' } }] }),
        chunk({}, 'tool_calls'),
      ],
    });
    const { reply } = await streamed();
    expect(reply.toolCalls).toEqual([
      { id: 'a', name: 'f', arguments: { x: 1 } },
      { id: 'b', name: 'g', arguments: { y: 2 } },
    ]);
  });

  it('warns when finish_reason says tool_calls without any, or that the reply hit the token limit', async () => {
    server.push(
      { content: '<tool_call>{"name": "f"', finishReason: 'tool_calls' },
      { content: 'The answer is', finishReason: 'length' },
    );
    expect((await brain().continueChat([user('a')])).warnings).toEqual([
      expect.stringContaining('finish_reason "tool_calls" but carries no tool calls'),
    ]);
    expect((await streamed()).reply.warnings).toEqual([expect.stringContaining('hit the token limit')]);
  });

  it('gives a fresh id to a call that reuses the id of an earlier call in the same reply', async () => {
    server.push({
      toolCalls: [
        { id: 'call_0', name: 'f', arguments: { n: 1 } },
        { id: 'call_0', name: 'f', arguments: { n: 2 } },
      ],
    });
    const reply = await brain().continueChat([user('a')]);
    const ids = reply.toolCalls!.map((c) => c.id);
    expect(ids[0]).toBe('call_0');
    expect(ids[1]).toMatch(/^call_[A-Za-z0-9_-]{16}$/);
    expect(reply.warnings).toEqual([expect.stringContaining("reused the id 'call_0'")]);
  });

  it('keeps content and tool calls of the same streamed reply', async () => {
    server.push({ content: 'Let me check.', toolCalls: [{ name: 'f', arguments: { q: 1 } }] });
    const { deltas, reply } = await streamed();
    expect(deltas.join('')).toBe('Let me check.');
    expect(reply).toMatchObject({ content: 'Let me check.', toolCalls: [{ name: 'f', arguments: { q: 1 } }] });
  });
});

describe('OpenAIBrain against real servers: reasoning', () => {
  it('keeps a leading <think> block out of the streamed answer, split anywhere, and says so', async () => {
    const text = '\n<think>\nThe user says hi. Action: none.\n</think>\n\nHello there!';
    // Every way of cutting the text into two deltas gives the same answer.
    for (let cut = 0; cut <= text.length; cut += 3) {
      server.reset();
      server.push({
        sse: [
          chunk({ role: 'assistant', content: text.slice(0, cut) }),
          chunk({ content: text.slice(cut) }),
          chunk({}, 'stop'),
        ],
      });
      const { deltas, reply } = await streamed();
      expect(deltas.join(''), `cut at ${cut}`).toBe('Hello there!');
      expect(reply.content).toBe('Hello there!');
      expect(reply.warnings?.[0]).toMatch(/<think> reasoning \(\d+ characters\) was kept out of the answer/);
      expect(
        (reply.raw?.response as { choices: Array<{ message: { content: string } }> }).choices[0].message.content,
      ).toBe(text);
    }
  });

  it('keeps <think> out of a non-streamed answer, and reports a reply that never closes it', async () => {
    server.push(
      { content: '<think>hmm</think>Hi.' },
      { content: '<think>still thinking' },
      { content: 'I like <think> tags.' },
    );
    expect((await brain().continueChat([user('a')])).content).toBe('Hi.');
    const unclosed = await brain().continueChat([user('b')]);
    expect(unclosed.content).toBe('');
    expect(unclosed.warnings?.[0]).toMatch(/ended inside its <think> block/);
    expect(await brain().continueChat([user('c')])).toMatchObject({ content: 'I like <think> tags.', warnings: [] });
  });

  it('reads content sent as an array of parts (Mistral), leaving thinking parts out, streamed or not', async () => {
    const parts = [
      { type: 'thinking', thinking: [{ type: 'text', text: 'hmm' }] },
      { type: 'text', text: 'Hello ' },
      { type: 'text', text: 'there.' },
    ];
    server.push({ garbage: completion({ role: 'assistant', content: parts }) });
    expect((await brain().continueChat([user('a')])).content).toBe('Hello there.');
    server.push({
      sse: [
        chunk({ role: 'assistant', content: [parts[0]] }),
        chunk({ content: [parts[1]] }),
        chunk({ content: [parts[2]] }),
        chunk({}, 'stop'),
      ],
    });
    const { deltas, reply } = await streamed();
    expect(deltas).toEqual(['Hello ', 'there.']);
    expect(reply.content).toBe('Hello there.');
  });

  it('never turns reasoning_content into the answer; keeps it in the raw response; warns when it is all there is', async () => {
    server.push({
      sse: [
        chunk({ role: 'assistant', reasoning_content: 'Let me ' }),
        chunk({ reasoning_content: 'think.' }),
        chunk({ content: 'Hi!' }),
        chunk({}, 'stop'),
      ],
    });
    const { deltas, reply } = await streamed();
    expect(deltas).toEqual(['Hi!']);
    expect(reply.content).toBe('Hi!');
    expect(
      (reply.raw?.response as { choices: Array<{ message: Record<string, unknown> }> }).choices[0].message
        .reasoning_content,
    ).toBe('Let me think.');
    server.push({
      garbage: completion(
        { role: 'assistant', content: '', reasoning_content: 'Out of tokens while thinking' },
        'length',
      ),
    });
    const only = await brain().continueChat([user('x')]);
    expect(only.content).toBe('');
    expect(only.warnings).toEqual([
      expect.stringContaining('hit the token limit'),
      expect.stringContaining('reasoning only'),
    ]);
  });

  it('ThinkFilter: incremental pieces always add up to split()', () => {
    const texts = [
      '<think>a</think>b',
      '  <thi',
      'plain',
      '<think>never closed',
      '<think></think>',
      '<thinking>x</thinking>y',
      '',
    ];
    for (const text of texts) {
      for (let cut = 0; cut <= text.length; cut++) {
        const f = new ThinkFilter();
        expect(f.push(text.slice(0, cut)) + f.push(text.slice(cut)) + f.end(), `${text} @${cut}`).toBe(
          ThinkFilter.split(text).answer,
        );
      }
    }
    expect(ThinkFilter.split('<thinking>x</thinking>y').answer).toBe('<thinking>x</thinking>y');
  });
});

describe('OpenAIBrain against real servers: broken answers', () => {
  it('a 200 with only an error object names the provider message (JSON and stream requests)', async () => {
    const body = JSON.stringify({ error: { message: 'model crashed: CUDA out of memory', type: 'server_error' } });
    server.push({ garbage: body }, { garbage: body });
    await expect(brain().continueChat([user('a')])).rejects.toMatchObject({
      code: 'brain_bad_response',
      message: expect.stringContaining('with an error: model crashed: CUDA out of memory'),
    });
    await expect(streamed()).rejects.toMatchObject({
      code: 'brain_bad_response',
      message: expect.stringContaining('model crashed: CUDA out of memory'),
    });
  });

  it('a model without tool support (Ollama 400, vLLM without auto tool choice) gets the supports_tools hint', async () => {
    server.push(
      {
        status: 400,
        body: {
          error: {
            message: 'registry.ollama.ai/library/gemma:2b does not support tools',
            type: 'api_error',
            param: null,
            code: null,
          },
        },
      },
      {
        status: 400,
        body: {
          object: 'error',
          message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
          type: 'BadRequestError',
          code: 400,
        },
      },
    );
    const tools = [
      { type: 'function' as const, function: { name: 'f', parameters: { type: 'object', properties: {} } } },
    ];
    for (let i = 0; i < 2; i++) {
      await expect(brain().continueChat([user('a')], { tools })).rejects.toMatchObject({
        code: 'brain_bad_response',
        message: expect.stringContaining('set "supports_tools": false'),
      });
    }
  });

  it('an empty choices array is a bad response, streamed or not', async () => {
    server.push(
      { garbage: JSON.stringify({ id: 'x', object: 'chat.completion', choices: [] }) },
      { sse: [{ id: 'x', object: 'chat.completion.chunk', choices: [] }] },
    );
    await expect(brain().continueChat([user('a')])).rejects.toMatchObject({ code: 'brain_bad_response' });
    await expect(streamed()).rejects.toMatchObject({
      code: 'brain_bad_response',
      message: expect.stringContaining('without any choice'),
    });
  });

  it('an error object inside the stream fails the call with its message', async () => {
    server.push({ sse: [chunk({ content: 'Hel' }), { error: { message: 'context length exceeded', code: 400 } }] });
    await expect(streamed()).rejects.toMatchObject({
      code: 'brain_bad_response',
      message: expect.stringContaining('context length exceeded'),
    });
  });

  it('a stream that ends without [DONE] is accepted; without finish_reason it carries a warning', async () => {
    server.push(
      { sse: [chunk({ content: 'Hello' }), chunk({}, 'stop')], done: false },
      { sse: [chunk({ content: 'Hel' })], done: false },
    );
    expect((await streamed()).reply).toMatchObject({ content: 'Hello', warnings: [] });
    const cut = (await streamed()).reply;
    expect(cut.content).toBe('Hel');
    expect(cut.warnings).toEqual(['The stream ended without a finish_reason: the answer may be cut short.']);
  });

  it('a stream cut mid-way says the connection dropped mid-answer', async () => {
    server.push({ sse: [chunk({ content: 'Hello' }), chunk({ content: ' wor' })], cut: true });
    await expect(streamed()).rejects.toMatchObject({
      code: 'brain_bad_response',
      message: expect.stringMatching(
        /dropped the connection in the middle of its streamed answer \(after 2 chunk\(s\)\)/,
      ),
    });
  });
});

describe('OpenAIBrain: the API key stays out of the trace', () => {
  it('is sent as the Authorization header only; never in raw exchanges or error values', async () => {
    const key = 'sk-test-SECRET-0123456789';
    const keyed = await startScriptedOpenAIServer({
      apiKey: key,
      replies: [{ content: 'a' }, { content: 'b', toolCalls: [{ name: 'f', arguments: {} }] }],
    });
    try {
      const good = new OpenAIBrain({ model: 'm', api_url: keyed.url, api_key: key });
      const plain = await good.continueChat([user('x')]);
      const { reply } = await streamed(good);
      expect(keyed.chatRequests.map((r) => r.headers.authorization)).toEqual([`Bearer ${key}`, `Bearer ${key}`]);
      expect(keyed.chatRequests.every((r) => !r.rawBody.includes(key))).toBe(true);
      for (const message of [plain, reply]) expect(JSON.stringify(message)).not.toContain('SECRET');
      const wrong = new OpenAIBrain({ model: 'm', api_url: keyed.url, api_key: 'sk-wrong-SECRET-key' });
      const error = await wrong.continueChat([user('x')]).catch((e: unknown) => e);
      expect(toErrorValue(error).code).toBe('brain_bad_response');
      expect(JSON.stringify(toErrorValue(error))).not.toContain('SECRET');
    } finally {
      await keyed.close();
    }
  });
});
