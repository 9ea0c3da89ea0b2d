import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../shared/domain/message';
import { PersonaFile } from '../../../shared/domain/persona';
import { buildPersonaRuntime } from '../app/persona-runtime';
import { startScriptedOpenAIServer, type ScriptedServer } from '../testing/scripted-openai-server';
import { startFixtureRun } from '../app/testing/fixture-runtime';

let server: ScriptedServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const HISTORY: AgentMessage[] = [
  { role: 'user', content: 'My name is Ana.' },
  { role: 'assistant', content: 'Hello Ana.' },
];

/** Runs a persona (native loop, the OpenAI brain on the scripted server) once; the request body and the trace. */
async function runWith(extra: Record<string, unknown>, history = HISTORY) {
  server = await startScriptedOpenAIServer({ replies: [{ content: 'Your name is Ana.' }] });
  const persona = PersonaFile.parse({
    name: 'Memo',
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': {
      brain: 'ovos-chat-openai-plugin',
      'ovos-chat-openai-plugin': { api_url: server.url, model: 'qwen2.5' },
    },
    ...extra,
  });
  const runtime = await buildPersonaRuntime(persona, { toolboxes: {} });
  const { handle, events } = startFixtureRun(runtime, 'What is my name?', { history, personaName: 'Memo' });
  const outcome = await handle.done;
  await runtime.close();
  expect(outcome.status).toBe('finished');
  expect(server.chatRequests).toHaveLength(1);
  return { body: server.chatRequests[0].body, memory: events.find((e) => e.type === 'memory_context') };
}

describe('memory in a run (what the provider receives)', () => {
  it('by default (short-term memory) the conversation goes with the new message, and the trace says so', async () => {
    const { body, memory } = await runWith({});
    expect(body.messages).toEqual([...HISTORY, { role: 'user', content: 'What is my name?' }]);
    expect(memory).toMatchObject({
      module: 'ovos-agents-short-term-memory-plugin',
      history: HISTORY,
      system: null,
      dropped: 0,
      iteration: 0,
    });
  });

  it('the default keeps only the last 5 messages (OVOS max_history), and the trace counts the rest', async () => {
    const long = Array.from({ length: 8 }, (_, i): AgentMessage =>
      i % 2 ? { role: 'assistant', content: `a${i}` } : { role: 'user', content: `u${i}` },
    );
    const { body, memory } = await runWith({}, long);
    expect(body.messages).toEqual([...long.slice(-5), { role: 'user', content: 'What is my name?' }]);
    expect(memory).toMatchObject({ dropped: 3 });
  });

  it('memory_module null: the handler gets only the new user message', async () => {
    const { body, memory } = await runWith({ memory_module: null });
    expect(body.messages).toEqual([{ role: 'user', content: 'What is my name?' }]);
    expect(memory).toMatchObject({ module: null, history: [], dropped: 2 });
  });

  it('ovos-agents-md-context-plugin: the AGENTS.md sections are the first system message of the request', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'agents-run-'));
    try {
      await writeFile(path.join(dir, 'AGENTS.md'), '# Rules\n\nAlways greet by name.\n');
      const { body, memory } = await runWith({
        memory_module: 'ovos-agents-md-context-plugin',
        'ovos-agents-md-context-plugin': { agents_md_sources: [path.join(dir, 'AGENTS.md')] },
      });
      expect(body.messages).toEqual([
        { role: 'system', content: '## Rules\n\nAlways greet by name.' },
        ...HISTORY,
        { role: 'user', content: 'What is my name?' },
      ]);
      expect(memory).toMatchObject({
        module: 'ovos-agents-md-context-plugin',
        system: '## Rules\n\nAlways greet by name.',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
