/**
 * The bench's baselines do the same work as our side: each contender runs the scripted conversation once and the
 * messages both sides produce are compared (in process: the requests each side mapped; over loopback HTTP: the
 * bodies the scripted server received).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { OpenAIBrain } from '../src-main/core/brains/openai/openai-brain';
import { startScriptedOpenAIServer, type ScriptedServer } from '../src-main/core/testing/scripted-openai-server';
import { agentsJs, agentsModel, httpClient, inMemoryClient } from './peers/agents';
import { aiSdk, mockModel } from './peers/ai-sdk';
import type { TraceEvent } from '../shared/domain/trace';
import { HEADER_LINE } from '../src-main/core/sessions/session-codec';
import { parseLines, rebuildEvents } from '../src-main/core/sessions/session-decoder';
import { benchRegistry, InMemoryOpenAIBrain, ours, type SessionLikeSink } from './peers/ours';
import { MODEL, PROMPT, serverReply, type Script } from './peers/script';

const script: Script = { turns: 3 };

/** The events a session file holding the sink's lines and side records would load as. */
function decoded(sink: SessionLikeSink): TraceEvent[] {
  const texts = new Map<string, string>();
  for (const line of sink.side.join('').split('\n').filter(Boolean)) {
    const { ref, text } = JSON.parse(line) as { ref: string; text: string };
    texts.set(ref, text);
  }
  return rebuildEvents(parseLines(HEADER_LINE + sink.lines.join('')), texts).events;
}

interface Said {
  role: string;
  text: string;
  calls: Array<{ id: string; name: string; args: unknown }>;
  toolCallId?: string;
}

/** Chat-completions messages -> what they say (content text, calls with parsed arguments, the call answered). */
function fromWire(messages: Array<Record<string, unknown>>): Said[] {
  return messages.map((m) => {
    const calls = ((m.tool_calls as Array<{ id: string; function: { name: string; arguments: string } }>) ?? []).map(
      (c) => ({ id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments) }),
    );
    const text = typeof m.content === 'string' ? m.content : '';
    return {
      role: String(m.role),
      text: m.role === 'tool' ? JSON.stringify(JSON.parse(text)) : text,
      calls,
      ...(m.tool_call_id ? { toolCallId: String(m.tool_call_id) } : {}),
    };
  });
}

type V3Part = {
  type: string;
  text?: string;
  toolCallId?: string;
  toolName?: string;
  input?: unknown;
  output?: { value?: unknown };
};

/** The AI SDK's LanguageModelV3 prompt -> what it says. */
function fromV3(prompt: Array<{ role: string; content: string | V3Part[] }>): Said[] {
  return prompt.flatMap((m): Said[] => {
    const parts = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    if (m.role === 'tool')
      return parts.map((p) => ({
        role: 'tool',
        text: JSON.stringify(p.output?.value),
        calls: [],
        toolCallId: p.toolCallId,
      }));
    return [
      {
        role: m.role,
        text: parts.map((p) => (p.type === 'text' ? p.text : '')).join(''),
        calls: parts
          .filter((p) => p.type === 'tool-call')
          .map((p) => ({ id: p.toolCallId!, name: p.toolName!, args: p.input })),
      },
    ];
  });
}

/** What the scripted model expects every side to send last: the prompt, then each call and its result. */
function expectedLast(turns: number): Said[] {
  const said: Said[] = [{ role: 'user', text: PROMPT, calls: [] }];
  for (let i = 0; i < turns; i++) {
    const id = `call_${i + 1}`;
    said.push({ role: 'assistant', text: '', calls: [{ id, name: 'add', args: { a: i, b: 1 } }] });
    said.push({ role: 'tool', text: JSON.stringify({ result: i + 1 }), calls: [], toolCallId: id });
  }
  return said;
}

/** The tool as offered on the wire: name and its parameters' fields and types. */
function offeredTools(body: Record<string, unknown>) {
  return ((body.tools as Array<{ function: { name: string; parameters: Record<string, unknown> } }>) ?? []).map(
    (t) => ({
      name: t.function.name,
      properties: t.function.parameters.properties,
      required: t.function.parameters.required,
    }),
  );
}

const ADD_TOOL = [
  {
    name: 'add',
    properties: { a: expect.objectContaining({ type: 'integer' }), b: expect.objectContaining({ type: 'integer' }) },
    required: ['a', 'b'],
  },
];

describe('in process, every side maps the same conversation', () => {
  it('our brain builds the same requests the AI SDK mock and the Agents JS model receive', async () => {
    const brain = new InMemoryOpenAIBrain(script);
    brain.keepRequests = true;
    const mine = ours({ brain, registry: await benchRegistry(script), script });
    mine.sink.events = [];
    await mine.run();

    const mock = mockModel(script);
    await aiSdk(mock, script).run();

    const agentBodies: Array<Record<string, unknown>> = [];
    await agentsJs(agentsModel(inMemoryClient(script, (b) => agentBodies.push(b))), script).run();

    expect(brain.requests).toHaveLength(script.turns + 1);
    expect(mock.doGenerateCalls).toHaveLength(script.turns + 1);
    expect(agentBodies).toHaveLength(script.turns + 1);
    for (let i = 0; i <= script.turns; i++) {
      const want = expectedLast(i);
      expect(fromWire(brain.requests[i].messages as Array<Record<string, unknown>>)).toEqual(want);
      expect(fromV3(mock.doGenerateCalls[i].prompt as never)).toEqual(want);
      expect(fromWire(agentBodies[i].messages as Array<Record<string, unknown>>)).toEqual(want);
    }
    expect(offeredTools(brain.requests[0])).toEqual(ADD_TOOL);
    expect(offeredTools(agentBodies[0])).toEqual(ADD_TOOL);
    expect(mock.doGenerateCalls[0].tools?.map((t) => t.name)).toEqual(['add']);

    // Our trace sink did the session store's work: the lines decode back to every event, requests whole.
    expect(decoded(mine.sink)).toEqual(mine.sink.events);
    const assistant = mine.sink.events!.filter((e) => e.type === 'assistant_message');
    expect(assistant).toHaveLength(script.turns + 1);
    expect(assistant.every((e) => e.raw?.request)).toBe(true);
    expect(mine.sink.events!.filter((e) => e.type === 'tool_result')).toHaveLength(script.turns);
  });

  it('with large tool results, our sink keeps all of them (side-file records), and they decode back whole', async () => {
    const large: Script = { turns: 2, payloadChars: 100_000 };
    const mine = ours({ brain: new InMemoryOpenAIBrain(large), registry: await benchRegistry(large), script: large });
    mine.sink.events = [];
    await mine.run();
    expect(mine.sink.side.join('').length).toBeGreaterThan(2 * 100_000);
    expect(mine.sink.bytes).toBeLessThan(3 * 100_000);
    expect(decoded(mine.sink)).toEqual(mine.sink.events);
  });
});

describe('over loopback HTTP, the scripted server receives the same conversation from every side', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedOpenAIServer({ replies: serverReply(script) });
  });
  afterAll(() => server.close());

  const bodies = () => server.chatRequests.map((r) => r.body as Record<string, unknown>);

  async function sent(run: () => Promise<unknown>) {
    server.reset();
    server.setReplies(serverReply(script));
    await run();
    return bodies();
  }

  it('ours, the AI SDK (generateText and streamText) and Agents JS send the same messages and the same tool', async () => {
    const registry = await benchRegistry(script);
    const brain = new OpenAIBrain({ model: MODEL, api_url: server.url, api_key: 'bench' });
    const provider = createOpenAICompatible({ name: 'bench', baseURL: server.url, apiKey: 'bench' });
    const sides = {
      ours: await sent(() => ours({ brain, registry, script }).run()),
      oursStreamed: await sent(() => ours({ brain, registry, script, stream: true }).run()),
      aiSdk: await sent(() => aiSdk(provider.chatModel(MODEL), script).run()),
      aiSdkStreamed: await sent(() => aiSdk(provider.chatModel(MODEL), script, { stream: true }).run()),
      agentsJs: await sent(() => agentsJs(agentsModel(httpClient(server.url)), script).run()),
    };
    for (const [side, requests] of Object.entries(sides)) {
      expect(requests, side).toHaveLength(script.turns + 1);
      requests.forEach((body, i) => {
        expect(fromWire(body.messages as Array<Record<string, unknown>>), `${side} request ${i}`).toEqual(
          expectedLast(i),
        );
        expect(offeredTools(body), `${side} tools`).toEqual(ADD_TOOL);
        expect(body.model, side).toBe(MODEL);
      });
    }
    expect(sides.oursStreamed.every((b) => b.stream === true)).toBe(true);
    expect(sides.aiSdkStreamed.every((b) => b.stream === true)).toBe(true);
    expect(sides.ours.every((b) => !b.stream)).toBe(true);
    expect(sides.aiSdk.every((b) => !b.stream)).toBe(true);
  });
});

describe('large results: every side sends the whole tool result to the model', () => {
  const large: Script = { turns: 2, payloadChars: 100_000 };
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedOpenAIServer({ replies: serverReply(large) });
  });
  afterAll(() => server.close());

  async function toolContents(run: () => Promise<unknown>): Promise<string[]> {
    server.reset();
    server.setReplies(serverReply(large));
    await run();
    const last = server.chatRequests.at(-1)!.body as { messages: Array<{ role: string; content: string }> };
    return last.messages.filter((m) => m.role === 'tool').map((m) => m.content);
  }

  it('past the default 32,000-character cut, ours, the AI SDK and Agents JS carry the same results', async () => {
    const brain = new OpenAIBrain({ model: MODEL, api_url: server.url, api_key: 'bench' });
    const provider = createOpenAICompatible({ name: 'bench', baseURL: server.url, apiKey: 'bench' });
    const want = [0, 1].map((i) => ({ result: i + 1, data: 'x'.repeat(100_000) }));
    const sides = {
      ours: await toolContents(async () => ours({ brain, registry: await benchRegistry(large), script: large }).run()),
      aiSdk: await toolContents(() => aiSdk(provider.chatModel(MODEL), large).run()),
      agentsJs: await toolContents(() => agentsJs(agentsModel(httpClient(server.url)), large).run()),
    };
    for (const [side, contents] of Object.entries(sides))
      expect(
        contents.map((c) => JSON.parse(c)),
        side,
      ).toEqual(want);
  });
});
