import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../shared/domain/trace';
import { OpenAIBrain } from '../src-main/core/brains/openai/openai-brain';
import { ReplayBrain } from '../src-main/core/brains/replay-brain';
import { SessionStore } from '../src-main/core/sessions/session-store';
import {
  startScriptedOpenAIServer,
  type ScriptedReply,
  type ScriptedServer,
} from '../src-main/core/testing/scripted-openai-server';
import { fixtureRuntime, startFixtureRun } from '../src-main/core/app/testing/fixture-runtime';

/** The loop engines over the real OpenAI brain and a real loopback chat-completions server: what the server received. */
let server: ScriptedServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

interface Setup {
  engineId?: string;
  maxIterations?: number;
  toolTimeoutMs?: number;
  supportsTools?: boolean;
  timeoutS?: number;
  apiUrl?: string;
}

async function launch(replies: ScriptedReply[], setup: Setup = {}) {
  server ??= await startScriptedOpenAIServer({ replies });
  const brain = new OpenAIBrain({
    model: 'qwen2.5',
    api_url: setup.apiUrl ?? server.url,
    supports_tools: setup.supportsTools ?? true,
    timeout: setup.timeoutS ?? 10,
  });
  const { runtime, toolbox } = await fixtureRuntime(brain, {
    ...(setup.engineId ? { engineId: setup.engineId } : {}),
    maxIterations: setup.maxIterations ?? 10,
    toolTimeoutMs: setup.toolTimeoutMs ?? 30_000,
  });
  const { handle, events } = startFixtureRun(runtime, 'What is 1+2?');
  return { handle, events, toolbox, bodies: () => server!.chatRequests.map((r) => r.body) };
}

const tc = (name: string, args: object | string, id?: string) => ({ name, arguments: args, ...(id ? { id } : {}) });
const of = <T extends TraceEvent['type']>(events: TraceEvent[], type: T) =>
  events.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type);

describe('native loop over HTTP', () => {
  it('one tool call: the assistant turn with tool_calls, then the TOOL message with tool_call_id and name', async () => {
    const { handle, bodies, events } = await launch([
      { toolCalls: [tc('calc', { a: 1, b: 2 })] },
      { content: 'It is 3.' },
    ]);
    expect(await handle.done).toEqual({ status: 'finished', answer: 'It is 3.' });
    const [first, second] = bodies();
    expect(bodies()).toHaveLength(2);
    expect(first.stream).toBe(true);
    expect(first.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['calc', 'boom', 'sleepy']);
    expect(second.messages).toEqual([
      { role: 'system', content: 'Use the tools.' },
      { role: 'user', content: 'What is 1+2?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'calc', arguments: '{"a":1,"b":2}' } }],
      },
      { role: 'tool', content: '{"result":3}', tool_call_id: 'call_1', name: 'calc' },
    ]);
    const assistant = of(events, 'assistant_message')[0];
    expect(assistant.raw?.request).toMatchObject({ model: 'qwen2.5' });
    expect(assistant.raw?.response).toBeTruthy();
  });

  it('two tool calls in one turn: one TOOL message per call, in order, after the assistant turn', async () => {
    const { handle, bodies, toolbox } = await launch([
      { toolCalls: [tc('calc', { a: 1, b: 2 }, 'c1'), tc('calc', { a: 3, b: 4 }, 'c2')] },
      { content: '3 and 7' },
    ]);
    await handle.done;
    const tail = bodies()[1].messages.slice(2);
    expect(
      tail.map((m: { role: string; tool_call_id?: string; name?: string }) => [m.role, m.tool_call_id, m.name]),
    ).toEqual([
      ['assistant', undefined, undefined],
      ['tool', 'c1', 'calc'],
      ['tool', 'c2', 'calc'],
    ]);
    expect(tail[0].tool_calls.map((c: { id: string }) => c.id)).toEqual(['c1', 'c2']);
    expect(toolbox.callLog).toHaveLength(2);
  });

  it('several iterations, each request offering the tools', async () => {
    const { handle, bodies } = await launch([
      { toolCalls: [tc('calc', { a: 1, b: 1 })] },
      { toolCalls: [tc('calc', { a: 2, b: 2 })] },
      { toolCalls: [tc('calc', { a: 4, b: 4 })] },
      { content: '8' },
    ]);
    expect(await handle.done).toMatchObject({ answer: '8' });
    expect(bodies().map((b) => [b.tools?.length, b.messages.length])).toEqual([
      [3, 2],
      [3, 4],
      [3, 6],
      [3, 8],
    ]);
  });

  it('max_iterations reached: one last request without tools', async () => {
    const again = { toolCalls: [tc('calc', { a: 1, b: 1 })] };
    const { handle, bodies, events } = await launch([again, again, { content: 'forced answer' }], { maxIterations: 2 });
    expect(await handle.done).toEqual({ status: 'finished', answer: 'forced answer' });
    expect(bodies().map((b) => 'tools' in b)).toEqual([true, true, false]);
    expect(of(events, 'run_finished')[0]).toMatchObject({ iterations: 2, limitReached: true, iteration: 3 });
  });

  it('supports_tools false: the ReAct path, no `tools`, the ReAct prompt and Observation turns', async () => {
    const { handle, bodies } = await launch(
      [
        { content: 'Thought: add.\nAction: calc\nAction Input: {"a": 1, "b": 2}' },
        { content: 'Thought: done.\nFINAL_ANSWER: 3' },
      ],
      { supportsTools: false },
    );
    expect(await handle.done).toEqual({ status: 'finished', answer: '3' });
    for (const body of bodies()) expect('tools' in body).toBe(false);
    expect(bodies()[0].messages[0].content).toContain('Available tools (JSON schema):');
    expect(bodies()[1].messages.at(-1)).toEqual({ role: 'user', content: 'Observation: {"result":3}' });
  });

  it('a reasoning model on a real server: <think> and reasoning_content stay out of answer and history, index-0 parallel calls both run', async () => {
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id: 'c',
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const { handle, bodies, events } = await launch([
      {
        sse: [
          chunk({ role: 'assistant', content: '<think>\nTwo sums' }),
          chunk({ content: ', use calc twice.\n</think>\n\nComputing.' }),
          chunk({
            tool_calls: [{ index: 0, id: 'x1', type: 'function', function: { name: 'calc', arguments: '{"a":1,' } }],
          }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '"b":2}' } }] }),
          chunk({
            tool_calls: [
              { index: 0, id: 'x2', type: 'function', function: { name: 'calc', arguments: { a: 3, b: 4 } } },
            ],
          }),
          chunk({}, 'tool_calls'),
        ],
      },
      { sse: [chunk({ reasoning_content: 'Both known.' }), chunk({ content: '3 and 7.' }), chunk({}, 'stop')] },
    ]);
    expect(await handle.done).toEqual({ status: 'finished', answer: '3 and 7.' });
    expect(bodies()[1].messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: 'Computing.',
        tool_calls: [
          { id: 'x1', type: 'function', function: { name: 'calc', arguments: '{"a":1,"b":2}' } },
          { id: 'x2', type: 'function', function: { name: 'calc', arguments: '{"a":3,"b":4}' } },
        ],
      },
      { role: 'tool', content: '{"result":3}', tool_call_id: 'x1', name: 'calc' },
      { role: 'tool', content: '{"result":7}', tool_call_id: 'x2', name: 'calc' },
    ]);
    const deltas = of(events, 'answer_delta')
      .map((e) => e.delta)
      .join('');
    expect(deltas).toBe('Computing.3 and 7.');
    expect(deltas).not.toContain('think');
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  });

  it('a failing run and a max_iterations run have gapless traces ending in one terminal event', async () => {
    for (const replies of [
      [{ toolCalls: [tc('calc', { a: 1, b: 1 })] }, { status: 500 }],
      [{ toolCalls: [tc('calc', { a: 1, b: 1 })] }, { toolCalls: [tc('calc', { a: 1, b: 1 })] }],
    ] as ScriptedReply[][]) {
      await server?.close();
      server = null;
      const { handle, events } = await launch(replies, { maxIterations: 1 });
      const outcome = await handle.done;
      expect(outcome.status).toBe(replies[1] && 'status' in replies[1] ? 'failed' : 'finished');
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
      expect(
        events.filter((e) => ['run_finished', 'run_failed', 'run_cancelled'].includes(e.type)).map((e) => e.seq),
      ).toEqual([events.length - 1]);
    }
  });

  it('unknown tool, arguments that are not JSON, a tool that throws: errors the model sees, a warning in the trace', async () => {
    const { handle, bodies, events } = await launch([
      { toolCalls: [tc('nope', {}), tc('calc', '{"a": 1, b'), tc('boom', {})] },
      { content: 'recovered' },
    ]);
    expect(await handle.done).toMatchObject({ status: 'finished', answer: 'recovered' });
    const tools = bodies()[1]
      .messages.filter((m: { role: string }) => m.role === 'tool')
      .map((m: { content: string }) => m.content);
    expect(tools[0]).toBe("Error: tool 'nope' not found.");
    // Not run with {} (which would blame a 'required property'): the model is told its text was not JSON (issue 11.16).
    expect(tools[1]).toMatch(
      /^Error: tool 'calc' was not run: its arguments are not a valid JSON object \(.+\)\. Raw arguments: \{"a": 1, b$/,
    );
    expect(tools[2]).toMatch(/^Error: tool 'boom' failed: .*boom/);
    const assistant = of(events, 'assistant_message')[0];
    expect(assistant.toolCalls[1].arguments).toEqual({});
    expect(assistant.warnings.join('\n')).toMatch(/'calc'.*not a JSON object/);
    expect(assistant.toolCalls[1].rawArguments).toBe('{"a": 1, b');
    const calcError = of(events, 'tool_error').find((e) => e.name === 'calc')!;
    expect(calcError.rawArguments).toBe('{"a": 1, b');
    expect(calcError.error.code).toBe('tool_input_invalid');
    expect(calcError.error.message).toBe("The arguments for 'calc' are not valid JSON");
    expect((calcError.error.details as { cause: string }).cause).toMatch(/JSON/);
  });

  it('a tool that hangs past tool_timeout_s fails with tool_timeout and the loop goes on', async () => {
    const { handle, bodies, events } = await launch([{ toolCalls: [tc('sleepy', {})] }, { content: 'gave up on it' }], {
      toolTimeoutMs: 100,
    });
    expect(await handle.done).toMatchObject({ answer: 'gave up on it' });
    expect(of(events, 'tool_error')[0].error.code).toBe('tool_timeout');
    expect(bodies()[1].messages.at(-1).content).toMatch(/timed out after 0.1 s/);
  });

  it('cancel during a request and during a tool: run_cancelled, nothing more sent', async () => {
    const first = await launch([{ hang: true }]);
    await new Promise((r) => setTimeout(r, 100));
    first.handle.cancel();
    expect(await first.handle.done).toEqual({ status: 'cancelled' });
    expect(first.events.at(-1)?.type).toBe('run_cancelled');
    await server!.close();
    server = null;

    const second = await launch([{ toolCalls: [tc('sleepy', {})] }, { content: 'never' }]);
    while (!second.events.some((e) => e.type === 'tool_started')) await new Promise((r) => setTimeout(r, 5));
    second.handle.cancel('stop');
    expect(await second.handle.done).toEqual({ status: 'cancelled' });
    expect(second.bodies()).toHaveLength(1);
    expect(second.toolbox.aborted).toBe(1);
  });

  it('streams the answer: several answer_delta events that make up the answer', async () => {
    const answer = 'The sum of one and two is three, as computed.';
    const { handle, events, bodies } = await launch([{ content: answer, chunkDelayMs: 2 }]);
    expect(await handle.done).toMatchObject({ answer });
    const deltas = of(events, 'answer_delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((d) => d.delta).join('')).toBe(answer);
    expect(bodies()[0].stream).toBe(true);
  });
});

describe('provider failures end as run_failed with the code, never a hang', () => {
  const cases: [string, ScriptedReply, string, RegExp][] = [
    ['500', { status: 500 }, 'brain_bad_response', /server had an error/],
    ['429', { status: 429 }, 'brain_bad_response', /Rate limit/],
    ['garbage body', { garbage: '<html>not json</html>', contentType: 'text/html' }, 'brain_bad_response', /./],
  ];
  for (const [name, reply, code, message] of cases) {
    it(name, async () => {
      const { handle, events } = await launch([reply]);
      const outcome = await handle.done;
      expect(outcome).toMatchObject({ status: 'failed', error: { code } });
      expect(events.at(-1)).toMatchObject({
        type: 'run_failed',
        error: { code, message: expect.stringMatching(message) },
      });
    });
  }

  it('timeout', async () => {
    const { handle } = await launch([{ hang: true }], { timeoutS: 0.3 });
    expect(await handle.done).toMatchObject({
      status: 'failed',
      error: { code: 'brain_unreachable', message: expect.stringMatching(/timeout/) },
    });
  });

  it('refused connection', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const { handle } = await launch([], { apiUrl: `http://127.0.0.1:${port}/v1` });
    expect(await handle.done).toMatchObject({ status: 'failed', error: { code: 'brain_unreachable' } });
  });
});

describe('sessions: record a run over HTTP, replay it offline', () => {
  it('the replay brain re-runs the recorded loop: same tool calls, same answer, no provider', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'replay-'));
    try {
      const store = new SessionStore(dir);
      const recorded = await launch([{ toolCalls: [tc('calc', { a: 20, b: 22 })] }, { content: 'It is 42.' }]);
      expect(await recorded.handle.done).toMatchObject({ answer: 'It is 42.' });
      for (const event of recorded.events) await store.append('rec', event);
      const { events } = await store.load('rec');
      expect(events).toEqual(recorded.events);

      const { runtime, toolbox } = await fixtureRuntime(new ReplayBrain({ session_file: store.fileOf('rec') }), {
        brainId: 'replay',
        model: null,
        toolTimeoutMs: 5000,
        systemPrompt: null,
      });
      const replay = startFixtureRun(runtime, 'again', { sessionId: 'r' });
      const outcome = await replay.handle.done;
      const replayed = replay.events;
      expect(outcome).toEqual({ status: 'finished', answer: 'It is 42.' });
      expect(toolbox.callLog).toEqual([{ name: 'calc', args: { a: 20, b: 22 } }]);
      expect(of(replayed, 'tool_result').map((e) => e.content)).toEqual(
        of(recorded.events, 'tool_result').map((e) => e.content),
      );
      expect(server!.chatRequests).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
