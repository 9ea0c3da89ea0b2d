import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PersonaFile } from '../../../shared/domain/persona';
import { defineBrain } from '../brains/brain-descriptor';
import { ScriptedBrain } from '../engines/testing/scripted-brain';
import { FixtureToolBox } from '../engines/testing/fixture-toolboxes';
import { startScriptedOpenAIServer, type ScriptedServer } from '../testing/scripted-openai-server';
import { mathToolbox } from '../toolboxes/math';
import { toolboxDescriptorOf } from '../toolboxes/toolbox-descriptor';
import { startRun } from './run-chat';
import { buildPersonaRuntime } from './persona-runtime';
import { startFixtureRun } from './testing/fixture-runtime';

const toolboxes = { 'ovos-math-tools': mathToolbox, fixture_tools: toolboxDescriptorOf(FixtureToolBox) };
let server: ScriptedServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function example(apiUrl: string): Promise<PersonaFile> {
  const json = JSON.parse(
    await readFile(new URL('../../../examples/native_toolcall_persona.json', import.meta.url), 'utf8'),
  );
  json['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'].api_url = apiUrl;
  return PersonaFile.parse(json);
}

describe('buildPersonaRuntime', () => {
  it('loads the seed example (legacy solvers, nested brain block) and runs it: 108 in exactly 2 requests', async () => {
    server = await startScriptedOpenAIServer({
      replies: [
        { toolCalls: [{ name: 'evaluate_expression', arguments: { expression: '12*9' } }] },
        { content: '12*9 = 108.' },
      ],
    });
    const runtime = await buildPersonaRuntime(await example(`${server.url}/chat/completions`), { toolboxes });
    expect(runtime).toMatchObject({
      engineId: 'ovos-native-toolcall-loop',
      brainId: 'ovos-chat-openai-plugin',
      model: 'qwen2.5',
      maxIterations: 5,
      toolTimeoutMs: 30_000,
    });
    expect(runtime.systemPrompt).toBe(
      'You are a precise assistant. Use the math tools to compute answers instead of guessing.',
    );
    const { handle, events } = startFixtureRun(runtime, 'What is 12*9?', {
      sessionId: 's1',
      personaName: 'Calculator',
    });
    const outcome = await handle.done;
    await runtime.close();
    expect(outcome).toEqual({ status: 'finished', answer: '12*9 = 108.' });
    expect(server.chatRequests).toHaveLength(2);
    const [first, second] = server.chatRequests.map((r) => r.body);
    expect(first.tools.map((t: { function: { name: string } }) => t.function.name)).toContain('evaluate_expression');
    expect(first.messages[0]).toEqual({ role: 'system', content: runtime.systemPrompt });
    const tool = second.messages.find((m: { role: string }) => m.role === 'tool');
    expect(tool).toMatchObject({ tool_call_id: 'call_1', name: 'evaluate_expression' });
    expect(tool.content).toContain('108');
    expect(events[0]).toMatchObject({
      type: 'run_started',
      runId: handle.runId,
      tools: ['evaluate_expression', 'unit_convert', 'statistics_summary', 'solve_equation'],
    });
  });

  it('reads handlers before solvers, the brain block at top level as a fallback, limits and toolbox blocks', async () => {
    const brain = new ScriptedBrain([]);
    const seen: Record<string, unknown>[] = [];
    const persona = PersonaFile.parse({
      name: 'P',
      handlers: ['ovos-react-loop'],
      solvers: ['ovos-native-toolcall-loop'],
      'ovos-react-loop': {
        brain: 'fake',
        max_iterations: 3,
        tool_timeout_s: 1.5,
        toolboxes: ['fixture_tools'],
        fixture_tools: { answer: 42 },
      },
      fake: { model: 'top-level' },
    });
    const runtime = await buildPersonaRuntime(persona, {
      toolboxes,
      brains: [
        defineBrain({
          id: 'fake',
          title: 'Fake',
          description: '',
          config: z.looseObject({}),
          create: (config) => (seen.push(config), brain),
        }),
      ],
    });
    expect(runtime).toMatchObject({
      engineId: 'ovos-react-loop',
      brainId: 'fake',
      maxIterations: 3,
      toolTimeoutMs: 1500,
      systemPrompt: null,
      brain,
    });
    expect(seen).toEqual([{ model: 'top-level' }]);
    expect(runtime.toolboxes[0].config).toEqual({ answer: 42 });
    expect(runtime.toolboxes[0].toolboxId).toBe('fixture_tools');
  });

  it("builds several instances of one toolbox class from '<plugin-id>:<instance>' ids", async () => {
    const persona = PersonaFile.parse({
      name: 'P',
      handlers: ['ovos-react-loop'],
      'ovos-react-loop': { toolboxes: ['fixture_tools:one', 'fixture_tools:two'], 'fixture_tools:two': { n: 2 } },
    });
    const runtime = await buildPersonaRuntime(persona, { toolboxes });
    await runtime.registry.ready();
    expect(runtime.toolboxes.map((t) => [t.toolboxId, t.config])).toEqual([
      ['fixture_tools:one', {}],
      ['fixture_tools:two', { n: 2 }],
    ]);
    expect(runtime.registry.entries().map((e) => e.modelName)).toContain('fixture_tools_two__calc');
  });

  it("loads OVOS's alias `ovos-chain-of-thought` as the chain-of-thought engine, its block read under the alias", async () => {
    const runtime = await buildPersonaRuntime(
      PersonaFile.parse({
        name: 'P',
        solvers: ['ovos-chain-of-thought'],
        'ovos-chain-of-thought': { system_prompt: 'Think it through.' },
      }),
      { toolboxes },
    );
    expect(runtime.engine.id).toBe('ovos-chain-of-thought-loop');
    expect(runtime.systemPrompt).toBe('Think it through.');
  });

  it('reads the loop keys an engine names; one it does not read is kept in the block but neither checked nor used', async () => {
    const runtime = await buildPersonaRuntime(
      PersonaFile.parse({
        name: 'P',
        solvers: ['ovos-tree-of-thoughts-loop'],
        'ovos-tree-of-thoughts-loop': { system_prompt: 'Explore.', max_iterations: 0, max_depth: 2 },
      }),
      { toolboxes },
    );
    expect(runtime.systemPrompt).toBe('Explore.');
    expect(runtime.maxIterations).toBe(10);
    expect(runtime.engineConfig).toMatchObject({ max_iterations: 0, max_depth: 2 });
  });

  it('names an unknown engine or brain and lists what is available; an unknown toolbox is left out, as OVOS does', async () => {
    // A brain that cannot be made leaves the toolboxes usable; a run fails at its start with the brain's error.
    const build = (p: object) => buildPersonaRuntime(PersonaFile.parse({ name: 'P', ...p }), { toolboxes });
    await expect(build({ handlers: ['ovos-graph-of-thoughts-loop'] })).rejects.toMatchObject({
      code: 'persona_invalid',
      message: expect.stringMatching(/'ovos-graph-of-thoughts-loop'.*ovos-native-toolcall-loop/),
    });
    const noBrain = await build({
      handlers: ['ovos-react-loop'],
      'ovos-react-loop': { brain: 'gpt-brain', toolboxes: ['ovos-math-tools'] },
    });
    expect(noBrain.brainError).toMatchObject({
      code: 'persona_invalid',
      message: expect.stringMatching(/Unknown brain 'gpt-brain'.*'ovos-chat-openai-plugin'/),
    });
    expect(noBrain.registry.entries().map((e) => e.modelName)).toContain('evaluate_expression');
    const events: string[] = [];
    const outcome = await startRun(noBrain, {
      history: [],
      message: 'hi',
      sessionId: 's',
      personaId: null,
      personaName: 'P',
      onEvent: (e) => events.push(e.type),
    }).done;
    expect(outcome).toMatchObject({ status: 'failed', error: { message: expect.stringContaining("'gpt-brain'") } });
    expect(events).toEqual(['run_started', 'user_message', 'run_failed']);
    await noBrain.close();
    const partial = await build({
      handlers: ['ovos-react-loop'],
      'ovos-react-loop': { toolboxes: ['ovos-web-search-tools', 'ovos-math-tools'] },
    });
    await Promise.all(partial.toolboxes.map((t) => t.ready.catch(() => undefined)));
    expect(partial.toolboxes[0].discoveryError).toMatchObject({
      code: 'toolbox_not_installed',
      message: expect.stringMatching(/^No toolbox plugin 'ovos-web-search-tools' is installed here/),
    });
    expect(partial.registry.entries().map((e) => e.modelName)).toContain('evaluate_expression');
    await partial.close();
    const noModel = await build({
      handlers: ['ovos-react-loop'],
      'ovos-react-loop': { brain: 'ovos-chat-openai-plugin' },
    });
    expect(noModel.brainError).toMatchObject({ code: 'persona_invalid', message: expect.stringContaining('model') });
  });

  it('runs without a brain: the OVOS error answer', async () => {
    const runtime = await buildPersonaRuntime(PersonaFile.parse({ name: 'P', handlers: ['ovos-react-loop'] }), {
      toolboxes,
    });
    const outcome = await startFixtureRun(runtime, 'hi', { personaName: 'P' }).handle.done;
    expect(outcome).toEqual({ status: 'finished', answer: 'Error: no brain configured.' });
  });
});
