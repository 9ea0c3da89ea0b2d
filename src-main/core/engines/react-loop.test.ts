import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../toolbox';
import { NativeToolCallEngine } from './native-loop';
import { ReActLoopEngine } from './react-loop';
import { BrokenToolBox, FixtureToolBox, fixtureRegistry } from './testing/fixture-toolboxes';
import { ScriptedBrain } from './testing/scripted-brain';
import { traced } from './testing/traced';

const user = (content: string) => ({ role: 'user' as const, content });

describe('ReActLoopEngine (OVOS cases 28-34)', () => {
  it('returns the final answer after one call (28)', async () => {
    const { registry } = await fixtureRegistry();
    const brain = new ScriptedBrain([{ content: 'Thought: I know.\nFINAL_ANSWER: 42' }]);
    const answer = await new ReActLoopEngine({ brain, registry }).continueChat([user('?')]);
    expect(answer).toEqual({ role: 'assistant', content: '42' });
    expect(brain.calls).toHaveLength(1);
    expect(brain.calls[0].tools).toBeUndefined();
  });

  it('runs the action of a reply whose Thought mentions FINAL_ANSWER:, streamed deltas retracted, gapless trace', async () => {
    const { registry, toolbox } = await fixtureRegistry();
    const step =
      'Thought: I must compute before the FINAL_ANSWER: so I use calc.\nAction: `calc`.\nAction Input:\n```json\n{"a": 2, "b": 3}\n```';
    const brain = new ScriptedBrain([{ content: step }, { content: 'FINAL_ANSWER: 5' }]);
    const { events, tracer } = traced();
    const result = await new ReActLoopEngine({ brain, registry, stream: true }).run([user('2+3?')], { tracer });
    expect(result).toEqual({ answer: '5', iterations: 2 });
    expect(toolbox.callLog).toEqual([{ name: 'calc', args: { a: 2, b: 3 } }]);
    const first = events.filter((e) => e.iteration === 1).map((e) => e.type);
    expect(first.slice(-3)).toEqual(['assistant_message', 'tool_started', 'tool_result']);
    expect(events.find((e) => e.type === 'assistant_message')).toMatchObject({
      final: false,
      toolCalls: [{ name: 'calc' }],
    });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  });

  it('drops an Observation the model made up after its action from the conversation (the trace keeps the reply)', async () => {
    const { registry } = await fixtureRegistry();
    const step =
      'Thought: add.\nAction: calc\nAction Input: {"a": 1, "b": 2}\nObservation: {"result": 4}\nFINAL_ANSWER: 4';
    const brain = new ScriptedBrain([{ content: step }, { content: 'FINAL_ANSWER: 3' }]);
    const { events, tracer } = traced();
    const result = await new ReActLoopEngine({ brain, registry }).run([user('1+2?')], { tracer });
    expect(result).toEqual({ answer: '3', iterations: 2 });
    expect(brain.calls[1].messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'Thought: add.\nAction: calc\nAction Input: {"a": 1, "b": 2}' },
      { role: 'user', content: 'Observation: {"result":3}' },
    ]);
    expect(events.find((e) => e.type === 'assistant_message')).toMatchObject({ content: step, final: false });
  });

  it('runs an action, feeds the Observation back as a user message, then answers (29)', async () => {
    const { registry, toolbox } = await fixtureRegistry();
    const step = 'Thought: add.\nAction: calc\nAction Input: {"a": 1, "b": 2}';
    const brain = new ScriptedBrain([{ content: step }, { content: 'Thought: done.\nFINAL_ANSWER: 3' }]);
    const { events, tracer } = traced();
    const result = await new ReActLoopEngine({ brain, registry }).run([user('1+2?')], { tracer });
    expect(result).toEqual({ answer: '3', iterations: 2 });
    expect(toolbox.callLog).toEqual([{ name: 'calc', args: { a: 1, b: 2 } }]);
    const second = brain.calls[1].messages;
    expect(second.slice(-2)).toEqual([
      { role: 'assistant', content: step },
      { role: 'user', content: 'Observation: {"result":3}' },
    ]);
    expect(second[0].role).toBe('system');
    expect(second[0].content).toContain('"name": "calc"');
    const tool = events.find((e) => e.type === 'tool_result');
    expect(tool).toMatchObject({
      toolCallId: 'react_1',
      name: 'calc',
      toolboxId: 'fixture_tools',
      arguments: { a: 1, b: 2 },
      content: '{"result":3}',
      iteration: 1,
    });
    const assistants = events.filter((e) => e.type === 'assistant_message');
    expect(assistants.map((a) => [a.final, a.toolCalls.map((c) => c.name)])).toEqual([
      [false, ['calc']],
      [true, []],
    ]);
  });

  it('returns plain text without action or token verbatim (30)', async () => {
    const { registry } = await fixtureRegistry();
    const brain = new ScriptedBrain([{ content: 'Hello there, no tools needed.' }]);
    expect((await new ReActLoopEngine({ brain, registry }).continueChat([user('hi')])).content).toBe(
      'Hello there, no tools needed.',
    );
  });

  it('after max_iterations asks once more for the final answer (31)', async () => {
    const { registry, toolbox } = await fixtureRegistry();
    const act = { content: 'Thought: again.\nAction: calc\nAction Input: {"a": 1, "b": 1}' };
    const brain = new ScriptedBrain([act, act, { content: 'Thought: ok.\nFINAL_ANSWER: two' }]);
    const result = await new ReActLoopEngine({ brain, registry, maxIterations: 2 }).run([user('go')]);
    expect(result).toEqual({ answer: 'two', iterations: 2, limitReached: true });
    expect(brain.calls).toHaveLength(3);
    expect(brain.calls[2].messages.at(-1)).toEqual({
      role: 'user',
      content: 'You have used the maximum number of tool calls. Provide your best FINAL_ANSWER: now.',
    });
    expect(toolbox.callLog).toHaveLength(2);

    const raw = new ScriptedBrain([act, act, { content: 'I give up.' }]);
    expect((await new ReActLoopEngine({ brain: raw, registry, maxIterations: 2 }).run([user('go')])).answer).toBe(
      'I give up.',
    );
  });

  it('answers `Error: no brain configured.` without a brain (32)', async () => {
    const { registry } = await fixtureRegistry();
    for (const Engine of [ReActLoopEngine, NativeToolCallEngine]) {
      expect((await new Engine({ brain: null, registry }).continueChat([user('hi')])).content).toBe(
        'Error: no brain configured.',
      );
    }
  });

  it('feeds tool errors back as observations (33)', async () => {
    const { registry } = await fixtureRegistry();
    const brain = new ScriptedBrain([
      { content: 'Action: boom\nAction Input: {}' },
      { content: 'Action: missing\nAction Input: {"x": 1}' },
      { content: 'FINAL_ANSWER: sorry' },
    ]);
    const { events, tracer } = traced();
    await new ReActLoopEngine({ brain, registry }).run([user('go')], { tracer });
    const observations = brain.calls[2].messages
      .filter((m) => m.content.startsWith('Observation:'))
      .map((m) => m.content);
    expect(observations[0]).toMatch(/^Observation: Error: tool 'boom' failed: .*boom/);
    expect(observations[1]).toBe("Observation: Error: tool 'missing' not found.");
    const errors = events.filter((e) => e.type === 'tool_error');
    expect(errors.map((e) => e.error.code)).toEqual(['tool_execution_failed', 'tool_not_found']);
  });

  it('finds a tool in the toolbox that has it, past one that lacks it or fails discovery (34)', async () => {
    const fixture = new FixtureToolBox();
    const registry = new ToolRegistry([new BrokenToolBox(), fixture]);
    await registry.ready();
    const brain = new ScriptedBrain([
      { content: 'Action: calc\nAction Input: {"a": 2, "b": 2}' },
      { content: 'FINAL_ANSWER: 4' },
    ]);
    expect((await new ReActLoopEngine({ brain, registry }).run([user('2+2')])).answer).toBe('4');
    expect(fixture.callLog).toHaveLength(1);
  });

  it('on a name clash lists qualified names; a failing tool reports its error, the other toolbox stays unused (34)', async () => {
    const a = new FixtureToolBox({ toolboxId: 'a' });
    const b = new FixtureToolBox({ toolboxId: 'b' });
    const registry = new ToolRegistry([a, b]);
    await registry.ready();
    const brain = new ScriptedBrain([
      { content: 'Action: a__boom\nAction Input: {}' },
      { content: 'FINAL_ANSWER: failed' },
    ]);
    await new ReActLoopEngine({ brain, registry }).run([user('go')]);
    expect(brain.calls[0].messages[0].content).toContain('"name": "b__calc"');
    expect(brain.calls[1].messages.at(-1)?.content).toMatch(/^Observation: Error: tool 'a__boom' failed: .*boom/);
    expect(a.callLog.map((c) => c.name)).toEqual(['boom']);
    expect(b.callLog).toEqual([]);
  });

  it('adds no ReAct system message without tools, and puts the persona prompt after it with tools', async () => {
    const empty = new ToolRegistry([]);
    const brain = new ScriptedBrain([{ content: 'FINAL_ANSWER: hi' }]);
    await new ReActLoopEngine({ brain, registry: empty, systemPrompt: 'Be brief.' }).run([user('hi')]);
    expect(brain.calls[0].messages).toEqual([{ role: 'system', content: 'Be brief.' }, user('hi')]);

    const { registry } = await fixtureRegistry();
    const withTools = new ScriptedBrain([{ content: 'FINAL_ANSWER: hi' }]);
    await new ReActLoopEngine({ brain: withTools, registry, systemPrompt: 'Be brief.' }).run([user('hi')]);
    expect(withTools.calls[0].messages.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(withTools.calls[0].messages[0].content).toContain('You have access to tools.');
    expect(withTools.calls[0].messages[1].content).toBe('Be brief.');
  });

  it('streams only the text after FINAL_ANSWER: as answer deltas', async () => {
    const { registry } = await fixtureRegistry();
    const brain = new ScriptedBrain([
      {
        content: 'Thought: easy.\nFINAL_ANSWER: It is 42.',
        deltas: ['Thought: easy.\nFINAL_', 'ANSWER: It', ' is ', '42.'],
      },
    ]);
    const { events, tracer } = traced();
    await new ReActLoopEngine({ brain, registry }).run([user('?')], { tracer });
    const deltas = events.filter((e) => e.type === 'answer_delta').map((e) => e.delta);
    expect(deltas).toEqual(['It', ' is', ' 42.']);
    expect(events.findIndex((e) => e.type === 'answer_delta')).toBeLessThan(
      events.findIndex((e) => e.type === 'assistant_message'),
    );
  });
});
