import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildPersonaRuntime, type PersonaRuntime } from '../src-main/core/app/persona-runtime';
import { validatePersona } from '../src-main/core/personas/persona-file';
import { startScriptedOpenAIServer, type ScriptedServer } from '../src-main/core/testing/scripted-openai-server';
import { loadToolboxCatalog } from '../src-main/core/toolboxes/catalog';
import { spawnCli } from '../src-main/core/testing/spawn-cli';
import type { PersonaFile } from '../shared/domain/persona';
import { startFixtureRun } from '../src-main/core/app/testing/fixture-runtime';

/** Per-tool switches (issue 14.4): a tool turned off in the persona is not sent to the model nor served over MCP. */
const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'persona-studio.js');
const EVERYTHING = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);
const BRAIN = 'ovos-chat-openai-plugin';

let home: string;
let personaFile: string;
let provider: ScriptedServer;
let runtime: PersonaRuntime;

function persona(apiUrl: string): PersonaFile {
  return {
    name: 'Switches',
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': {
      brain: BRAIN,
      toolboxes: ['ovos-math-tools', 'ovos-mcp-toolbox:everything'],
      [BRAIN]: { model: 'm', api_url: apiUrl },
      'ovos-mcp-toolbox:everything': { command: process.execPath, args: [EVERYTHING, 'stdio'] },
    },
    persona_studio: {
      approval: { 'ovos-mcp-toolbox:everything': { mode: 'auto' } },
      tools: { disabled: ['ovos-mcp-toolbox:everything/echo', 'ovos-math-tools/solve_equation'] },
    },
  } as PersonaFile;
}

beforeAll(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'ps-switches-'));
  provider = await startScriptedOpenAIServer();
  personaFile = path.join(home, 'switches.json');
  await writeFile(personaFile, JSON.stringify(persona(provider.url)));
  const { toolboxes } = await loadToolboxCatalog({ dataDir: home });
  runtime = await buildPersonaRuntime(persona(provider.url), { toolboxes, programs: 'all' });
  await runtime.registry.ready();
}, 60_000);
afterAll(async () => {
  await runtime?.close();
  await provider?.close();
  await rm(home, { recursive: true, force: true });
});

describe('a tool turned off in the persona', () => {
  test('the persona file with switches is still a valid (OVOS) persona file', () => {
    expect(validatePersona(persona('http://x/v1')).ok).toBe(true);
    const bad = validatePersona({ ...persona('http://x/v1'), persona_studio: { tools: { disabled: ['echo'] } } });
    expect(!bad.ok && bad.error.message).toContain('A tool is named "<toolbox id>/<tool name>"');
  });

  test('is absent from the provider request, as is a tool that needs MCP tasks; a call to it anyway is refused', async () => {
    provider.setReplies({ toolCalls: [{ name: 'echo', arguments: { message: 'hi' } }] }, { content: 'It is off.' });
    const { handle, events } = startFixtureRun(runtime, 'Echo hi.', { personaName: 'Switches' });
    expect(await handle.done).toEqual({ status: 'finished', answer: 'It is off.' });
    const offered = (provider.chatRequests[0].body.tools as { function: { name: string } }[]).map(
      (t) => t.function.name,
    );
    expect(offered).toContain('get-sum');
    expect(offered).toContain('evaluate_expression');
    expect(offered).not.toContain('echo');
    expect(offered).not.toContain('solve_equation');
    expect(offered).not.toContain('simulate-research-query');
    const tool = (provider.chatRequests[1].body.messages as { role: string; content: string }[]).at(-1)!;
    expect(tool).toMatchObject({
      role: 'tool',
      content:
        "Error: tool 'echo' was not run: Tool 'echo' is turned off in this persona (persona_studio.tools.disabled).",
    });
    expect(events.find((e) => e.type === 'tool_error')).toMatchObject({ error: { code: 'tool_not_found' } });
    // The tool that needs MCP tasks is said so in the trace; the one the user turned off is not offered, silently.
    const started = events.find((e) => e.type === 'run_started');
    expect(started?.type === 'run_started' && started.tools).not.toContain('echo');
    const notice = events.find((e) => e.type === 'loop_notice');
    expect(notice).toMatchObject({ reason: 'tools_not_offered' });
    expect(notice?.type === 'loop_notice' && notice.message).toMatch(
      /^Not offered to the model: 'simulate-research-query' \(It needs MCP tasks/,
    );
    expect(notice?.type === 'loop_notice' && notice.message).not.toContain('echo');
    // The Tools pane lists it, flagged.
    expect(runtime.registry.toolInfos().find((t) => t.name === 'echo')).toMatchObject({ disabled: true });
  }, 30_000);

  test("is absent from persona-studio mcp's tools/list, and a call to it is refused", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--persona', personaFile, '--yes'],
      env: { PERSONA_STUDIO_HOME: home },
      cwd: ROOT,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(transport);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('get-sum');
      expect(names).toContain('evaluate_expression');
      expect(names).not.toContain('echo');
      expect(names).not.toContain('solve_equation');
      expect(names).not.toContain('simulate-research-query');
      // An MCP tool's image passes through as an image block, for the client's model.
      const image = await client.callTool({ name: 'get-tiny-image', arguments: {} });
      expect((image.content as { type: string }[]).map((b) => b.type)).toContain('image');
      const refused = await client.callTool({ name: 'echo', arguments: { message: 'hi' } });
      expect(refused.isError).toBe(true);
      expect((refused.content as { text: string }[])[0].text).toBe(
        "Tool 'echo' is turned off in this persona (persona_studio.tools.disabled).",
      );
    } finally {
      await client.close();
    }
  }, 60_000);

  test('persona-studio tools marks it; --json (what the model is sent) leaves it out', async () => {
    const readable = await spawnCli(['tools', '--persona', personaFile, '--yes'], home).done;
    expect(readable.code).toBe(0);
    expect(readable.stdout).toMatch(/- echo\(.*\) {2}\(turned off in this persona\)/);
    expect(readable.stdout).toMatch(/- get-sum\([^\n]*\)\n/);
    const json = await spawnCli(['tools', '--persona', personaFile, '--yes', '--json'], home).done;
    const names = (JSON.parse(json.stdout) as { function: { name: string } }[]).map((t) => t.function.name);
    expect(names).toContain('get-sum');
    expect(names).not.toContain('echo');
    expect(names).not.toContain('solve_equation');
  }, 60_000);
});
