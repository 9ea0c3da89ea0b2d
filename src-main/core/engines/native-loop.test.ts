import { describe, expect, it } from 'vitest';
import { CancelledError } from '../errors';
import { NativeToolCallEngine } from './native-loop';
import { fixtureRegistry } from './testing/fixture-toolboxes';
import { ScriptedBrain } from './testing/scripted-brain';
import { traced } from './testing/traced';

const user = (content: string) => ({ role: 'user' as const, content });
const call = (id: string, name: string, args: Record<string, unknown>) => ({ id, name, arguments: args });

describe('NativeToolCallEngine (OVOS cases 35-39)', () => {
  it('puts the assistant tool_calls turn before its TOOL message (35)', async () => {
    const { registry } = await fixtureRegistry();
    const brain = new ScriptedBrain([{ toolCalls: [call('c1', 'calc', { a: 1, b: 2 })] }, { content: '3' }]);
    const answer = await new NativeToolCallEngine({ brain, registry }).continueChat([user('1+2')]);
    expect(answer).toEqual({ role: 'assistant', content: '3' });
    expect(brain.calls[1].messages).toEqual([
      user('1+2'),
      { role: 'assistant', content: '', toolCalls: [call('c1', 'calc', { a: 1, b: 2 })] },
      { role: 'tool', content: '{"result":3}', toolCallId: 'c1', name: 'calc' },
    ]);
    expect(brain.calls[0].tools?.map((t) => t.function.name)).toEqual(['calc', 'boom', 'sleepy']);
  });

  it('runs two calls of one turn in order, one TOOL message each (36)', async () => {
    const { registry, toolbox } = await fixtureRegistry();
    const brain = new ScriptedBrain([
      { toolCalls: [call('c1', 'calc', { a: 1, b: 2 }), call('c2', 'calc', { a: 3, b: 4 })] },
      { content: '3 and 7' },
    ]);
    const { events, tracer } = traced();
    await new NativeToolCallEngine({ brain, registry }).run([user('two sums')], { tracer });
    expect(toolbox.callLog.map((c) => c.args)).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ]);
    expect(brain.calls[1].messages.slice(1).map((m) => [m.role, m.toolCallId, m.content])).toEqual([
      ['assistant', undefined, ''],
      ['tool', 'c1', '{"result":3}'],
      ['tool', 'c2', '{"result":7}'],
    ]);
    expect(events.map((e) => e.type)).toEqual([
      'assistant_message',
      'tool_started',
      'tool_result',
      'tool_started',
      'tool_result',
      'answer_delta',
      'answer_delta',
      'answer_delta',
      'assistant_message',
    ]);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  });

  it('returns a reply without tool_calls as it is, executing nothing (37)', async () => {
    const { registry, toolbox } = await fixtureRegistry();
    const brain = new ScriptedBrain([{ content: 'Just text.' }]);
    expect((await new NativeToolCallEngine({ brain, registry }).run([user('hi')])).answer).toBe('Just text.');
    expect(toolbox.callLog).toHaveLength(0);
  });

  it('after max_iterations makes one last request without tools (38)', async () => {
    const { registry } = await fixtureRegistry();
    const again = { toolCalls: [call('c', 'calc', { a: 1, b: 1 })] };
    const brain = new ScriptedBrain([again, again, { content: 'forced answer', deltas: ['forced ', 'answer'] }]);
    const { events, tracer } = traced();
    const result = await new NativeToolCallEngine({ brain, registry, maxIterations: 2 }).run([user('loop')], {
      tracer,
    });
    expect(result).toEqual({ answer: 'forced answer', iterations: 2, limitReached: true });
    expect(brain.calls.map((c) => c.tools?.length)).toEqual([3, 3, undefined]);
    const final = events.filter((e) => e.type === 'assistant_message').at(-1)!;
    expect(final).toMatchObject({ final: true, iteration: 3, content: 'forced answer' });
    expect(events.filter((e) => e.type === 'answer_delta').map((e) => e.delta)).toEqual(['forced ', 'answer']);
  });

  it('when the forced last reply still asks for tools, says so, names them and runs none (issue 11.15)', async () => {
    const { registry, toolbox } = await fixtureRegistry();
    const again = { toolCalls: [call('c', 'calc', { a: 1, b: 1 })] };
    const brain = new ScriptedBrain([again, { toolCalls: [call('d', 'calc', { a: 2, b: 2 })] }]);
    const { events, tracer } = traced();
    const result = await new NativeToolCallEngine({ brain, registry, maxIterations: 1 }).run([user('loop')], {
      tracer,
    });
    expect(result).toEqual({ answer: '', iterations: 1, limitReached: true });
    expect(toolbox.callLog).toHaveLength(1);
    const final = events.filter((e) => e.type === 'assistant_message').at(-1)!;
    expect(final).toMatchObject({ final: true, iteration: 2 });
    expect(final.type === 'assistant_message' && final.warnings).toEqual([
      'The model asked for tools after the limit of 1 iteration: calc({"a":2,"b":2}). They were not run, and it gave no answer.',
    ]);
  });

  it('takes the ReAct path when the brain lacks native tool calling (39)', async () => {
    const { registry } = await fixtureRegistry();
    const brain = new ScriptedBrain([{ content: 'Thought: easy.\nFINAL_ANSWER: 42' }], { supportsTools: false });
    expect((await new NativeToolCallEngine({ brain, registry }).run([user('?')])).answer).toBe('42');
    expect(brain.calls[0].tools).toBeUndefined();
    expect(brain.calls[0].messages[0].content).toContain('FINAL_ANSWER:');
  });

  it('sends the persona system prompt first and no tools when the persona has none', async () => {
    const brain = new ScriptedBrain([{ content: 'ok' }]);
    const { ToolRegistry } = await import('../toolbox');
    await new NativeToolCallEngine({ brain, registry: new ToolRegistry([]), systemPrompt: 'Be precise.' }).run([
      user('hi'),
    ]);
    expect(brain.calls[0].messages).toEqual([{ role: 'system', content: 'Be precise.' }, user('hi')]);
    expect(brain.calls[0].tools).toBeUndefined();
  });
});

describe('NativeToolCallEngine: failures are data, cancellation is prompt', () => {
  it('feeds an unknown tool, invalid arguments and a throwing tool back as TOOL messages', async () => {
    const { registry } = await fixtureRegistry();
    const brain = new ScriptedBrain([
      {
        toolCalls: [call('u', 'nope', {}), call('v', 'calc', { a: 'x' }), call('t', 'boom', {})],
        warnings: ["Arguments of 'calc' were not JSON; sent {}."],
      },
      { content: 'recovered' },
    ]);
    const { events, tracer } = traced();
    const result = await new NativeToolCallEngine({ brain, registry }).run([user('go')], { tracer });
    expect(result.answer).toBe('recovered');
    const tools = brain.calls[1].messages.filter((m) => m.role === 'tool');
    expect(tools[0].content).toBe("Error: tool 'nope' not found.");
    expect(tools[1].content).toMatch(/^Error: tool 'calc' failed: Tool input validation failed for 'calc'/);
    expect(tools[2].content).toMatch(/^Error: tool 'boom' failed: .*boom/);
    expect(events.filter((e) => e.type === 'tool_error').map((e) => [e.toolCallId, e.error.code])).toEqual([
      ['u', 'tool_not_found'],
      ['v', 'tool_input_invalid'],
      ['t', 'tool_execution_failed'],
    ]);
    expect(events.find((e) => e.type === 'assistant_message')).toMatchObject({
      warnings: ["Arguments of 'calc' were not JSON; sent {}."],
    });
  });

  it('times a hanging tool out after tool_timeout_s and goes on', async () => {
    const { registry, toolbox } = await fixtureRegistry();
    const brain = new ScriptedBrain([{ toolCalls: [call('s', 'sleepy', {})] }, { content: 'it timed out' }]);
    const { events, tracer } = traced();
    const started = Date.now();
    const result = await new NativeToolCallEngine({ brain, registry, toolTimeoutMs: 50 }).run([user('go')], { tracer });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(result.answer).toBe('it timed out');
    expect(events.find((e) => e.type === 'tool_error')).toMatchObject({ error: { code: 'tool_timeout' } });
    expect(brain.calls[1].messages.at(-1)?.content).toMatch(/^Error: tool 'sleepy' failed: .*timed out/);
    expect(toolbox.aborted).toBe(1);
  });

  it('cancels during a brain request and during a tool call', async () => {
    const { registry, toolbox } = await fixtureRegistry();
    const hanging = new ScriptedBrain([{ hang: true }]);
    const c1 = new AbortController();
    const p1 = new NativeToolCallEngine({ brain: hanging, registry }).run([user('go')], { signal: c1.signal });
    setTimeout(() => c1.abort(), 20);
    await expect(p1).rejects.toBeInstanceOf(CancelledError);

    const brain = new ScriptedBrain([{ toolCalls: [call('s', 'sleepy', {})] }, { content: 'never asked' }]);
    const c2 = new AbortController();
    const { events, tracer } = traced();
    const p2 = new NativeToolCallEngine({ brain, registry }).run([user('go')], { signal: c2.signal, tracer });
    setTimeout(() => c2.abort(), 30);
    const started = Date.now();
    await expect(p2).rejects.toBeInstanceOf(CancelledError);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(events.at(-1)?.type).toBe('tool_started');
    expect(brain.calls).toHaveLength(1);
    expect(toolbox.aborted).toBe(1);
  });

  it('cancels promptly even when the brain ignores its signal', async () => {
    const { registry } = await fixtureRegistry();
    const deaf = new ScriptedBrain([]);
    deaf.streamChat = async function* () {
      yield await new Promise<string>(() => undefined);
      return { role: 'assistant' as const, content: '' };
    };
    const controller = new AbortController();
    const run = new NativeToolCallEngine({ brain: deaf, registry }).run([user('go')], { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(run).rejects.toBeInstanceOf(CancelledError);
  });

  it('streams every reply live; a reply that asks for tools is then marked non-final; non-streaming mode sends one delta', async () => {
    const { registry } = await fixtureRegistry();
    const brain = new ScriptedBrain([
      { content: 'Let me compute.', deltas: ['Let me ', 'compute.'], toolCalls: [call('c', 'calc', { a: 2, b: 3 })] },
      { content: 'The sum is 5.', deltas: ['The ', 'sum ', 'is 5.'] },
    ]);
    const { events, tracer } = traced();
    await new NativeToolCallEngine({ brain, registry }).run([user('2+3')], { tracer });
    const deltas = events.filter((e) => e.type === 'answer_delta');
    expect(deltas.map((e) => `${e.iteration}:${e.delta}`)).toEqual([
      '1:Let me ',
      '1:compute.',
      '2:The ',
      '2:sum ',
      '2:is 5.',
    ]);
    const firstTurn = events.findIndex((e) => e.type === 'assistant_message');
    expect(events[firstTurn]).toMatchObject({ iteration: 1, final: false, content: 'Let me compute.' });
    expect(events.findIndex((e) => e.type === 'answer_delta' && e.iteration === 1)).toBeLessThan(firstTurn);
    expect(events.filter((e) => e.type === 'answer_delta' && e.iteration === 2).map((e) => e.seq)).toEqual(
      events
        .filter((e) => e.type === 'answer_delta' && e.iteration === 2)
        .map((e) => e.seq)
        .sort((a, b) => a - b),
    );
    expect(brain.calls.every((c) => c.streamed)).toBe(true);

    const plain = new ScriptedBrain([{ content: 'The sum is 5.' }]);
    const second = traced();
    await new NativeToolCallEngine({ brain: plain, registry, stream: false }).run([user('2+3')], {
      tracer: second.tracer,
    });
    expect(plain.calls[0].streamed).toBe(false);
    expect(second.events.filter((e) => e.type === 'answer_delta').map((e) => e.delta)).toEqual(['The sum is 5.']);
  });
});
