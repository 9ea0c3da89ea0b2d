import { afterEach, describe, expect, it } from 'vitest';
import {
  Breakpoints,
  type BreakpointsInput,
  type PauseState,
  type ResumeActionInput,
  ResumeAction,
} from '../shared/domain/debug';
import type { TraceEvent } from '../shared/domain/trace';
import { DebugSession, type ApprovalHandling } from '../src-main/core/app/debug-session';
import { OpenAIBrain } from '../src-main/core/brains/openai/openai-brain';
import {
  startScriptedOpenAIServer,
  type ScriptedReply,
  type ScriptedServer,
} from '../src-main/core/testing/scripted-openai-server';
import { defineTool } from '../src-main/core/toolbox';
import { AddArgs, AddOutput, ScriptedTools } from '../src-main/core/toolbox/test-fixtures';
import { fixtureRuntime, startFixtureRun } from '../src-main/core/app/testing/fixture-runtime';

/** `slow_add` takes 50 ms: long enough for a timer that wrongly counted the pause to fire first. */
const slowAdd = defineTool({
  name: 'slow_add',
  description: 'Adds, slowly.',
  argumentSchema: AddArgs,
  outputSchema: AddOutput,
  toolCall: async ({ a, b }) => {
    await new Promise((r) => setTimeout(r, 50));
    return { result: a + b };
  },
});

/** The debugger's seam over the real OpenAI brain and the loopback scripted server: what the server received. */
let server: ScriptedServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

interface Setup {
  breakpoints?: BreakpointsInput;
  engineId?: string;
  supportsTools?: boolean;
  toolTimeoutMs?: number;
  brainTimeoutS?: number;
  ask?: string[];
  approvals?: ApprovalHandling;
  slow?: boolean;
}

async function launch(replies: ScriptedReply[], setup: Setup = {}) {
  server ??= await startScriptedOpenAIServer({ replies });
  const brain = new OpenAIBrain({
    model: 'qwen2.5',
    api_url: server.url,
    supports_tools: setup.supportsTools ?? true,
    timeout: setup.brainTimeoutS ?? 10,
  });
  const { runtime, toolbox } = await fixtureRuntime(
    brain,
    {
      ...(setup.engineId ? { engineId: setup.engineId } : {}),
      maxIterations: 5,
      toolTimeoutMs: setup.toolTimeoutMs ?? 30_000,
    },
    setup.slow ? [new ScriptedTools(() => [slowAdd], { toolboxId: 'slow_tools' })] : [],
  );
  let breakpoints = Breakpoints.parse(setup.breakpoints ?? {});
  const pauses: PauseState[] = [];
  const resumed: string[] = [];
  const waiters: Array<(p: PauseState) => void> = [];
  let session: DebugSession | null = null;
  const { handle, events } = startFixtureRun(runtime, 'What is 1+2?', {
    openDebugger: async (run) => {
      session = new DebugSession({
        ...run,
        sessionId: 's',
        personaId: null,
        breakpoints: () => breakpoints,
        approval: (_tb, tool) => (setup.ask?.includes(tool) ? 'ask' : 'auto'),
        approvals: setup.approvals ?? 'pause',
        onPause: (p) => {
          pauses.push(p);
          waiters.shift()?.(p);
        },
        onResume: (_p, action) => resumed.push(action),
      });
      return { session, dispose: () => undefined };
    },
  });
  let seen = 0;
  /** The next pause (in order), waiting for it when it has not come yet. */
  const nextPause = () =>
    new Promise<PauseState>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no pause #${seen + 1}`)), 5000);
      const take = (p: PauseState) => {
        clearTimeout(timer);
        seen++;
        resolve(p);
      };
      if (pauses.length > seen) take(pauses[seen]);
      else waiters.push(take);
    });
  const resume = (p: PauseState, action: ResumeActionInput) => session!.resume(p.pauseId, ResumeAction.parse(action));
  return {
    handle,
    events,
    toolbox,
    pauses,
    resumed,
    nextPause,
    resume,
    setBreakpoints: (b: BreakpointsInput) => (breakpoints = Breakpoints.parse(b)),
    bodies: () => server!.chatRequests.map((r) => r.body),
  };
}

const tc = (name: string, args: object) => ({ name, arguments: args });
const of = <T extends TraceEvent['type']>(events: TraceEvent[], type: T) =>
  events.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type);
const TOOLS = { beforeTools: { enabled: true } };

describe('debugger: paused at a tool call', () => {
  it('edit: the tool runs with the edited arguments; the next request carries them and their result', async () => {
    const run = await launch([{ toolCalls: [tc('calc', { a: 1, b: 2 })] }, { content: 'It is 7.' }], {
      breakpoints: TOOLS,
    });
    const pause = await run.nextPause();
    expect(pause).toMatchObject({
      reason: 'breakpoint',
      iteration: 1,
      at: { kind: 'tool', name: 'calc', toolboxId: 'fixture_tools', arguments: { a: 1, b: 2 }, index: 0, count: 1 },
    });
    expect(pause.at.kind === 'tool' && pause.at.argumentSchema?.properties).toHaveProperty('a');
    expect(run.toolbox.callLog).toEqual([]);
    run.resume(pause, { action: 'run', arguments: { a: 5, b: 2 } });
    expect(await run.handle.done).toEqual({ status: 'finished', answer: 'It is 7.' });
    expect(run.toolbox.callLog).toEqual([{ name: 'calc', args: { a: 5, b: 2 } }]);
    const second = run.bodies()[1].messages;
    expect(second.at(-2).tool_calls[0].function).toEqual({ name: 'calc', arguments: '{"a":5,"b":2}' });
    expect(second.at(-1)).toMatchObject({ role: 'tool', content: '{"result":7}' });
    const [result] = of(run.events, 'tool_result');
    expect(result).toMatchObject({ arguments: { a: 5, b: 2 }, originalArguments: { a: 1, b: 2 } });
    expect(result.pausedMs).toBeGreaterThanOrEqual(0);
    // The model's own turn stays in the trace as it asked.
    expect(of(run.events, 'assistant_message')[0].toolCalls[0].arguments).toEqual({ a: 1, b: 2 });
  });

  it('mock: the tool is not executed and the model gets the mocked result', async () => {
    const run = await launch([{ toolCalls: [tc('calc', { a: 1, b: 2 })] }, { content: 'ok' }], { breakpoints: TOOLS });
    run.resume(await run.nextPause(), { action: 'mock', result: { result: 42 } });
    await run.handle.done;
    expect(run.toolbox.callLog).toEqual([]);
    expect(run.bodies()[1].messages.at(-1)).toMatchObject({ role: 'tool', content: '{"result":42}' });
    expect(of(run.events, 'tool_result')[0]).toMatchObject({ mocked: true, result: { result: 42 } });
  });

  it('deny: the tool is not executed and the model gets a TOOL message saying the user denied it, and why', async () => {
    const run = await launch([{ toolCalls: [tc('calc', { a: 1, b: 2 })] }, { content: 'ok' }], { breakpoints: TOOLS });
    run.resume(await run.nextPause(), { action: 'deny', reason: 'not on a Sunday' });
    await run.handle.done;
    expect(run.toolbox.callLog).toEqual([]);
    expect(run.bodies()[1].messages.at(-1)).toMatchObject({
      role: 'tool',
      content: "Error: the user denied the call to tool 'calc': not on a Sunday",
    });
    expect(of(run.events, 'tool_error')[0]).toMatchObject({
      error: { code: 'tool_denied' },
      denied: { reason: 'not on a Sunday' },
    });
  });

  it('arguments that fail the tool schema are refused and the run stays paused', async () => {
    const run = await launch([{ toolCalls: [tc('calc', { a: 1, b: 2 })] }, { content: 'ok' }], { breakpoints: TOOLS });
    const pause = await run.nextPause();
    expect(() => run.resume(pause, { action: 'run', arguments: { a: 'x', b: 2 } })).toThrow(
      expect.objectContaining({ code: 'tool_input_invalid' }),
    );
    expect(() => run.resume(pause, { action: 'mock', result: { nope: 1 } })).toThrow(
      expect.objectContaining({ code: 'tool_output_invalid' }),
    );
    expect(() => run.resume(pause, { action: 'send', request: { messages: [], tools: [], parameters: {} } })).toThrow();
    run.resume(pause, { action: 'continue' });
    await run.handle.done;
    expect(run.toolbox.callLog).toEqual([{ name: 'calc', args: { a: 1, b: 2 } }]);
  });

  it('two parallel calls pause one at a time, in call order; the first has run when the second pauses', async () => {
    const run = await launch(
      [{ toolCalls: [tc('calc', { a: 1, b: 1 }), tc('calc', { a: 2, b: 2 })] }, { content: 'done' }],
      { breakpoints: TOOLS },
    );
    const first = await run.nextPause();
    expect(first.at).toMatchObject({ kind: 'tool', arguments: { a: 1, b: 1 }, index: 0, count: 2 });
    await new Promise((r) => setTimeout(r, 50));
    expect(run.pauses).toHaveLength(1);
    run.resume(first, { action: 'run', arguments: { a: 10, b: 1 } });
    const second = await run.nextPause();
    expect(second.at).toMatchObject({ kind: 'tool', arguments: { a: 2, b: 2 }, index: 1, count: 2 });
    expect(run.toolbox.callLog).toEqual([{ name: 'calc', args: { a: 10, b: 1 } }]);
    run.resume(second, { action: 'continue' });
    await run.handle.done;
    const assistant = run.bodies()[1].messages.at(-3);
    expect(assistant.tool_calls.map((c: { function: { arguments: string } }) => c.function.arguments)).toEqual([
      '{"a":10,"b":1}',
      '{"a":2,"b":2}',
    ]);
  });

  it('a conditional breakpoint pauses on the call whose arguments contain the subset, not on the other', async () => {
    const run = await launch(
      [{ toolCalls: [tc('calc', { a: 2, b: 2 }), tc('calc', { a: 1, b: 5 })] }, { content: 'done' }],
      { breakpoints: { beforeTools: { enabled: true, conditions: [{ tool: 'calc', argsContain: { a: 1 } }] } } },
    );
    const pause = await run.nextPause();
    expect(pause.at).toMatchObject({ arguments: { a: 1, b: 5 }, index: 1 });
    // The call that did not match ran without a pause.
    expect(run.toolbox.callLog).toEqual([{ name: 'calc', args: { a: 2, b: 2 } }]);
    run.resume(pause, { action: 'continue' });
    await run.handle.done;
    expect(run.pauses).toHaveLength(1);
  });

  it('a breakpoint on another tool never pauses this one', async () => {
    const run = await launch([{ toolCalls: [tc('calc', { a: 1, b: 2 })] }, { content: 'ok' }], {
      breakpoints: { beforeTools: { enabled: true, tools: ['boom'] } },
    });
    expect(await run.handle.done).toMatchObject({ status: 'finished' });
    expect(run.pauses).toEqual([]);
  });

  it('pause on tool error: the failure waits for the user, who may mock a result instead', async () => {
    const run = await launch([{ toolCalls: [tc('boom', {})] }, { content: 'ok' }], {
      breakpoints: { onToolError: true },
    });
    const pause = await run.nextPause();
    expect(pause).toMatchObject({
      reason: 'tool_error',
      at: { kind: 'tool', name: 'boom', ranArguments: {}, error: { code: 'tool_execution_failed' } },
    });
    run.resume(pause, { action: 'mock', result: { result: 0 } });
    await run.handle.done;
    expect(run.bodies()[1].messages.at(-1)).toMatchObject({ role: 'tool', content: '{"result":0}' });
  });
});

describe('debugger: paused before the model', () => {
  it('the provider receives the edited request (system prompt changed, tools removed)', async () => {
    const run = await launch([{ content: 'Ahoy.' }], { breakpoints: { beforeModel: true } });
    const pause = await run.nextPause();
    if (pause.at.kind !== 'model') throw new Error('expected a model pause');
    const request = pause.at.request;
    expect(request.messages[0]).toEqual({ role: 'system', content: 'Use the tools.' });
    expect(request.tools.map((t) => t.function.name)).toEqual(['calc', 'boom', 'sleepy']);
    expect(request.parameters).toEqual({ model: 'qwen2.5' });
    const edited = {
      messages: [{ role: 'system' as const, content: 'Talk like a pirate.' }, ...request.messages.slice(1)],
      tools: [],
      parameters: { model: 'qwen2.5', temperature: 0.1 },
    };
    run.resume(pause, { action: 'send', request: edited });
    await run.handle.done;
    const [body] = run.bodies();
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Talk like a pirate.' });
    expect(body.tools).toBeUndefined();
    expect(body.temperature).toBe(0.1);
    expect(of(run.events, 'assistant_message')[0].requestEdit).toEqual({ original: request, sent: edited });
  });

  it('Step goes to the next tool or model call; Continue to the next breakpoint', async () => {
    const run = await launch(
      [{ toolCalls: [tc('calc', { a: 1, b: 2 })] }, { toolCalls: [tc('calc', { a: 3, b: 4 })] }, { content: 'ok' }],
      { breakpoints: { beforeModel: true } },
    );
    const m1 = await run.nextPause();
    expect(m1.at.kind).toBe('model');
    run.resume(m1, { action: 'step' });
    const t1 = await run.nextPause();
    expect(t1).toMatchObject({ reason: 'step', at: { kind: 'tool', arguments: { a: 1, b: 2 } } });
    run.resume(t1, { action: 'continue' });
    const m2 = await run.nextPause();
    expect(m2).toMatchObject({ reason: 'breakpoint', iteration: 2, at: { kind: 'model' } });
    // Breakpoints change while paused: the model breakpoint is off now, so Continue runs to the end.
    run.setBreakpoints({});
    run.resume(m2, { action: 'continue' });
    expect(await run.handle.done).toMatchObject({ status: 'finished', answer: 'ok' });
    expect(run.pauses).toHaveLength(3);
  });
});

describe('debugger: cancel, stop and timeouts', () => {
  it('cancel while paused ends the run at once; the tool never runs and nothing more is sent', async () => {
    const run = await launch([{ toolCalls: [tc('calc', { a: 1, b: 2 })] }, { content: 'never' }], {
      breakpoints: TOOLS,
    });
    await run.nextPause();
    run.handle.cancel();
    expect(await run.handle.done).toEqual({ status: 'cancelled' });
    expect(run.resumed).toEqual(['stop']);
    expect(run.toolbox.callLog).toEqual([]);
    expect(run.bodies()).toHaveLength(1);
    expect(run.events.at(-1)?.type).toBe('run_cancelled');
  });

  it('Stop cancels the run', async () => {
    const run = await launch([{ content: 'never' }], { breakpoints: { beforeModel: true } });
    run.resume(await run.nextPause(), { action: 'stop' });
    expect(await run.handle.done).toEqual({ status: 'cancelled' });
    expect(run.bodies()).toHaveLength(0);
    expect(run.events.at(-1)).toMatchObject({ type: 'run_cancelled', reason: 'Stopped in the debugger.' });
  });

  it('a paused run holds no timeouts: tool_timeout_s and the brain timeout start after the pause', async () => {
    const run = await launch(
      [
        { toolCalls: [tc('slow_add', { a: 1, b: 2 })], delayMs: 100 },
        { content: 'ok', delayMs: 100 },
      ],
      {
        breakpoints: { beforeModel: true, beforeTools: { enabled: true } },
        toolTimeoutMs: 150,
        brainTimeoutS: 0.3,
        slow: true,
      },
    );
    const hold = () => new Promise((r) => setTimeout(r, 500));
    for (let i = 0; i < 3; i++) {
      const pause = await run.nextPause();
      await hold();
      run.resume(pause, { action: 'continue' });
    }
    expect(await run.handle.done).toEqual({ status: 'finished', answer: 'ok' });
    const [result] = of(run.events, 'tool_result');
    expect(result).toMatchObject({ name: 'slow_add', result: { result: 3 } });
    expect(result.pausedMs).toBeGreaterThanOrEqual(450);
    expect(result.durationMs).toBeGreaterThanOrEqual(45);
    expect(result.durationMs).toBeLessThan(150);
    const [first] = of(run.events, 'assistant_message');
    expect(first.pausedMs).toBeGreaterThanOrEqual(450);
    expect(first.durationMs).toBeLessThan(300);
  });
});

describe('approval policy', () => {
  it('a tool with ask approval pauses for approval like a breakpoint', async () => {
    const run = await launch([{ toolCalls: [tc('calc', { a: 1, b: 2 })] }, { content: 'ok' }], { ask: ['calc'] });
    const pause = await run.nextPause();
    expect(pause.reason).toBe('approval');
    run.resume(pause, { action: 'continue' });
    await run.handle.done;
    expect(run.toolbox.callLog).toHaveLength(1);
  });

  it('nobody to approve: the call is refused with approval_required and the model is told', async () => {
    const run = await launch([{ toolCalls: [tc('calc', { a: 1, b: 2 })] }, { content: 'ok' }], {
      ask: ['calc'],
      approvals: 'deny',
    });
    await run.handle.done;
    expect(run.toolbox.callLog).toEqual([]);
    expect(of(run.events, 'tool_error')[0].error.code).toBe('approval_required');
    expect(run.bodies()[1].messages.at(-1).content).toBe(
      "Error: tool 'calc' was not run: Tool 'calc' needs the user's approval.",
    );
  });
});

describe('ReAct: the edited call', () => {
  it("the conversation's assistant turn shows the Action Input that ran", async () => {
    const run = await launch(
      [{ content: 'Thought: add.\nAction: calc\nAction Input: {"a": 1, "b": 2}' }, { content: 'FINAL_ANSWER: 9' }],
      { breakpoints: TOOLS, engineId: 'ovos-react-loop' },
    );
    run.resume(await run.nextPause(), { action: 'run', arguments: { a: 4, b: 5 } });
    await run.handle.done;
    const messages = run.bodies()[1].messages;
    expect(messages.at(-2)).toEqual({
      role: 'assistant',
      content: 'Thought: add.\nAction: calc\nAction Input: {"a":4,"b":5}',
    });
    expect(messages.at(-1).content).toContain('{"result":9}');
  });
});
