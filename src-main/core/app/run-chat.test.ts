import { describe, expect, it } from 'vitest';
import { TraceEvent } from '../../../shared/domain/trace';
import { BrainError } from '../brains/brain-error';
import type { ChatEngine } from '../brains/chat-engine';
import type { PersonaRuntime } from './persona-runtime';
import { startRun } from './run-chat';
import { startFixtureRun } from './testing/fixture-runtime';
import { fixtureRegistry } from '../engines/testing/fixture-toolboxes';
import { ScriptedBrain } from '../engines/testing/scripted-brain';
import { BUILTIN_ENGINES } from '../engines/engines';
import { memoryFor } from '../memory';
import { ToolRegistry } from '../toolbox';
import { toolSwitchKey } from '../../../shared/domain/tool-switches';

async function runtimeWith(brain: ChatEngine | null, engineId = 'ovos-native-toolcall-loop'): Promise<PersonaRuntime> {
  const { registry, toolbox } = await fixtureRegistry();
  const engine = BUILTIN_ENGINES.find((e) => e.id === engineId)!;
  return {
    engineId,
    engine,
    engineConfig: {},
    brainId: 'scripted',
    model: 'scripted-model',
    maxIterations: 4,
    toolTimeoutMs: 5000,
    systemPrompt: null,
    brain,
    registry,
    toolboxes: [toolbox],
    memory: memoryFor({}),
    close: async () => undefined,
  };
}

function start(runtime: PersonaRuntime, message = 'What is 1+2?') {
  const events: TraceEvent[] = [];
  const handle = startRun(runtime, {
    history: [
      { role: 'user', content: 'earlier' },
      { role: 'assistant', content: 'reply' },
    ],
    message,
    sessionId: 's1',
    personaId: 'calc',
    personaName: 'Calc',
    onEvent: (e) => events.push(e),
  });
  return { handle, events };
}

describe('startRun', () => {
  it('streams a well-formed trace: stamped, gapless, valid, one terminal event', async () => {
    const brain = new ScriptedBrain([
      { toolCalls: [{ id: 'c1', name: 'calc', arguments: { a: 1, b: 2 } }] },
      { content: 'It is 3.' },
    ]);
    const { handle, events } = start(await runtimeWith(brain));
    expect(events).toHaveLength(0);
    expect(await handle.done).toEqual({ status: 'finished', answer: 'It is 3.' });
    for (const e of events) expect(TraceEvent.safeParse(e).success).toBe(true);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    expect(events.every((e) => e.runId === handle.runId)).toBe(true);
    expect(events.map((e) => `${e.type}@${e.iteration}`)).toEqual([
      'run_started@0',
      'user_message@0',
      'memory_context@0',
      'assistant_message@1',
      'tool_started@1',
      'tool_result@1',
      'answer_delta@2',
      'answer_delta@2',
      'answer_delta@2',
      'assistant_message@2',
      'run_finished@2',
    ]);
    expect(events[0]).toMatchObject({
      sessionId: 's1',
      personaId: 'calc',
      engine: 'ovos-native-toolcall-loop',
      brain: 'scripted',
      model: 'scripted-model',
      maxIterations: 4,
      tools: ['calc', 'boom', 'sleepy'],
    });
    expect(events.at(-1)).toMatchObject({ answer: 'It is 3.', iterations: 2 });
    expect(brain.calls[0].messages).toEqual([
      { role: 'user', content: 'earlier' },
      { role: 'assistant', content: 'reply' },
      { role: 'user', content: 'What is 1+2?' },
    ]);
  });

  it('offers the model neither unavailable nor turned-off tools, and names only the unavailable ones', async () => {
    const runtime = await runtimeWith(new ScriptedBrain([{ content: 'Hi.' }]));
    const toolbox = runtime.toolboxes[0];
    toolbox.tools.get('sleepy')!.unavailable = 'needs a task-capable client';
    runtime.registry = new ToolRegistry([toolbox], { disabled: [toolSwitchKey(toolbox.toolboxId, 'boom')] });
    const { handle, events } = start(runtime);
    await handle.done;
    expect(events[0]).toMatchObject({ type: 'run_started', tools: ['calc'] });
    expect(events[1]).toMatchObject({
      type: 'loop_notice',
      reason: 'tools_not_offered',
      message: "Not offered to the model: 'sleepy' (needs a task-capable client)",
    });
    expect(events[2].type).toBe('user_message');
  });

  it('ends a brain failure as run_failed with its error value', async () => {
    const brain = new ScriptedBrain([
      { error: new BrainError('brain_unreachable', 'Connection refused at http://127.0.0.1:9/v1/chat/completions') },
    ]);
    const { handle, events } = start(await runtimeWith(brain));
    const outcome = await handle.done;
    expect(outcome).toEqual({
      status: 'failed',
      error: { code: 'brain_unreachable', message: 'Connection refused at http://127.0.0.1:9/v1/chat/completions' },
    });
    expect(events.at(-1)).toMatchObject({ type: 'run_failed', error: { code: 'brain_unreachable' } });
    expect(events.filter((e) => e.type.startsWith('run_'))).toHaveLength(2);
  });

  it('cancels a run in flight: run_cancelled with the reason, promptly', async () => {
    const brain = new ScriptedBrain([{ hang: true }]);
    const { handle, events } = start(await runtimeWith(brain));
    await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    handle.cancel('Stopped from the chat pane.');
    expect(await handle.done).toEqual({ status: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(events.at(-1)).toMatchObject({ type: 'run_cancelled', reason: 'Stopped from the chat pane.' });
    expect(events[0].type).toBe('run_started');
  });

  it('keeps running when the event sink throws', async () => {
    const brain = new ScriptedBrain([{ content: 'fine' }]);
    const runtime = await runtimeWith(brain, 'ovos-react-loop');
    const { setLogSink } = await import('../log');
    const logged: string[] = [];
    setLogSink((_level, _scope, message) => logged.push(message));
    try {
      const { handle } = startFixtureRun(runtime, 'hi', {
        personaName: 'P',
        onEvent: () => {
          throw new Error('sink down');
        },
      });
      expect(await handle.done).toEqual({ status: 'finished', answer: 'fine' });
    } finally {
      setLogSink(null);
    }
    expect(logged.some((m) => m.includes('sink down'))).toBe(true);
  });

  it('run_started lists the tools the model is offered, not those that cannot run here (issue 11.17)', async () => {
    const runtime = await runtimeWith(new ScriptedBrain([{ content: 'ok' }]));
    const [toolbox] = runtime.toolboxes;
    const calc = toolbox.tools.get('calc')!;
    toolbox.tools.set('calc', { ...calc, unavailable: 'It needs MCP tasks.' });
    const { handle, events } = start(runtime);
    await handle.done;
    const started = events.find((e) => e.type === 'run_started');
    expect(started?.type === 'run_started' && started.tools).toEqual(['boom', 'sleepy']);
  });
});
