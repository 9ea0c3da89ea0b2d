import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { MathToolBox } from '../src-main/core/toolboxes/math';
import { TRIP_INPUT_SCHEMA } from '../src-main/core/toolboxes/mcp/fixtures/fixture-server';
import { isAlive } from '../src-main/core/testing/process-alive';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'persona-studio.js');
const FIXTURE = path.join(ROOT, 'src-main/core/toolboxes/mcp/fixtures/fixture-stdio.ts');

describe('persona-studio mcp, driven by the official MCP client over stdio', () => {
  let home: string;
  let client: Client;
  let transport: StdioClientTransport;
  const stderr: string[] = [];
  const math = new MathToolBox();

  beforeAll(async () => {
    home = await mkdtemp(path.join(tmpdir(), 'ps-mcp-server-'));
    const personaFile = path.join(home, 'tools-persona.json');
    await writeFile(
      personaFile,
      JSON.stringify({
        name: 'Tool server',
        handlers: ['ovos-native-toolcall-loop'],
        'ovos-native-toolcall-loop': {
          toolboxes: ['ovos-math-tools', 'ovos-mcp-toolbox:fixture'],
          tool_timeout_s: 10,
          'ovos-mcp-toolbox:fixture': { command: process.execPath, args: ['--import', 'tsx', FIXTURE] },
        },
        // A toolbox that runs a program asks for approval unless the persona says otherwise: here, all but one tool.
        persona_studio: { approval: { 'ovos-mcp-toolbox:fixture': { mode: 'auto', tools: { fail_softly: 'ask' } } } },
      }),
    );
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--persona', personaFile, '--yes'],
      env: { PERSONA_STUDIO_HOME: home },
      cwd: ROOT,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (c: Buffer) => stderr.push(c.toString()));
    client = new Client({ name: 'test', version: '1' });
    await client.connect(transport);
    await math.ready;
  });
  afterAll(async () => {
    await client?.close();
    await rm(home, { recursive: true, force: true });
  });

  test('tools are listed with inputSchema/outputSchema equal to toolJsonList', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const json of math.toolJsonList) {
      expect(byName.get(json.name)?.inputSchema).toEqual(json.argument_schema);
      expect(byName.get(json.name)?.outputSchema).toEqual(json.output_schema);
      expect(byName.get(json.name)?.description).toBe(json.description);
    }
    expect(byName.get('plan_trip')?.inputSchema).toEqual(TRIP_INPUT_SCHEMA);
    expect(stderr.join('')).toContain('persona-studio mcp: serving');
  });

  test('calls round-trip, through to the MCP server behind the persona too', async () => {
    const result = await client.callTool({ name: 'evaluate_expression', arguments: { expression: '12*9' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ result: 108, expression: '12*9', error: null });
    expect(JSON.parse((result.content as { text: string }[])[0].text)).toEqual(result.structuredContent);

    const trip = await client.callTool({
      name: 'plan_trip',
      arguments: {
        from: { city: 'Porto', country: 'PT' },
        stops: [{ city: 'Vigo', country: 'ES' }],
        travellers: { adults: 2 },
      },
    });
    expect(trip.structuredContent).toMatchObject({
      structured: { legs: [{ to: 'Vigo' }], people: 2 },
      is_error: false,
    });
  });

  test('bad input is an isError result carrying the validation message', async () => {
    const result = await client.callTool({ name: 'evaluate_expression', arguments: { expression: 42 } });
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[])[0].text;
    expect(text).toContain("Tool input validation failed for 'evaluate_expression' in ToolBox 'ovos-math-tools'");
    expect(text).toContain('expression');
    const nested = await client.callTool({
      name: 'plan_trip',
      arguments: { from: { city: 'Paris', country: 'XX' }, travellers: { adults: 1 } },
    });
    expect(nested.isError).toBe(true);
    expect((nested.content as { text: string }[])[0].text).toContain('from.country');
    const unknown = await client.callTool({ name: 'nope', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect((unknown.content as { text: string }[])[0].text).toBe("Error: tool 'nope' not found.");
  });

  test("a tool whose approval is 'ask' is refused: nobody can approve it over MCP, and the message says how to allow it", async () => {
    const result = await client.callTool({ name: 'fail_softly', arguments: { why: 'x' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0].text).toBe(
      "Error: tool 'fail_softly' was not run: tool 'fail_softly' needs the user's approval (its toolbox 'ovos-mcp-toolbox:fixture' runs a program or writes files, or the persona says 'ask'), and an MCP client cannot give it here. To serve it, set its approval to 'auto' in the persona's persona_studio block.",
    );
    expect(result._meta?.['persona-studio/error']).toMatchObject({ code: 'approval_required' });
  });

  test('a tool-list change behind the server reaches the client as list_changed', async () => {
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    await client.callTool({ name: 'add_tool', arguments: {} });
    await changed;
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('late_tool');
  });

  test('closing the client ends the server and the MCP server it started', async () => {
    const pid = transport.pid!;
    await client.close();
    expect(isAlive(pid)).toBe(false);
  });
});

describe('persona-studio mcp arguments', () => {
  test('a persona that does not exist is reported on stderr with exit code 1', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'ps-mcp-missing-'));
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [BIN, 'mcp', '--persona', 'no-such-persona'], {
      env: { ...process.env, PERSONA_STUDIO_HOME: home },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain("No persona 'no-such-persona'");
    await rm(home, { recursive: true, force: true });
  });
});
