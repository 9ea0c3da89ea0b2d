import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { MCPToolBox } from '../src-main/core/toolboxes/mcp';
import { CLIENT_CAPABILITIES } from '../src-main/core/toolboxes/mcp/client-handlers';
import { ToolExecutionError, ToolInputError, ToolRegistry, executeToolCall } from '../src-main/core/toolbox';

const require = createRequire(import.meta.url);
const EVERYTHING = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);
const FILESYSTEM = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')),
  'dist',
  'index.js',
);

/** What the official SDK client lists, to compare our tool JSON with. */
async function listWithSdk(args: string[]): Promise<Tool[]> {
  // The same capabilities as ours (roots, elicitation, sampling): server-everything lists tools by them.
  const client = new Client({ name: 'test', version: '1' }, { capabilities: CLIENT_CAPABILITIES });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'pipe' }));
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

describe('server-everything over stdio', () => {
  let tb: MCPToolBox;
  beforeAll(async () => {
    tb = new MCPToolBox({ config: { command: process.execPath, args: [EVERYTHING, 'stdio'] } });
    await tb.ready;
  });
  afterAll(() => tb.close());

  test('a tool that needs MCP tasks is flagged and left out of the model request (issue 11.17)', async () => {
    const listed = await listWithSdk([EVERYTHING, 'stdio']);
    const needsTasks = listed.filter(
      (t) => (t as { execution?: { taskSupport?: string } }).execution?.taskSupport === 'required',
    );
    expect(needsTasks.map((t) => t.name)).toContain('simulate-research-query');
    const registry = new ToolRegistry([tb]);
    const info = registry.toolInfos().find((t) => t.name === 'simulate-research-query')!;
    expect(info.unavailable).toMatch(/^It needs MCP tasks \(execution\.taskSupport "required"\)/);
    const offered = registry.openaiTools().map((t) => t.function.name);
    expect(offered).not.toContain('simulate-research-query');
    expect(offered).toContain('echo');
    expect(offered).toHaveLength(registry.toolInfos().length - needsTasks.length);
    const called = await executeToolCall(registry, 'simulate-research-query', { topic: 'x' });
    expect(called.ok).toBe(false);
    expect(!called.ok && JSON.stringify(called.error)).toContain('needs MCP tasks');
  });

  test('every tool is listed with its inputSchema intact', async () => {
    expect(tb.discoveryError).toBeNull();
    const listed = await listWithSdk([EVERYTHING, 'stdio']);
    expect(listed.length).toBeGreaterThan(5);
    expect(tb.toolJsonList.map((t) => t.name)).toEqual(listed.map((t) => t.name));
    for (const tool of listed) {
      const json = tb.toolJsonList.find((t) => t.name === tool.name)!;
      expect(json.argument_schema).toEqual(tool.inputSchema);
      expect(json.description).toBe(tool.description ?? '');
    }
    const structured = tb.toolJsonList.find((t) => t.name === 'get-structured-content')!;
    const { $schema: _s, ...declared } = listed.find((t) => t.name === 'get-structured-content')!.outputSchema!;
    expect((structured.output_schema.properties as Record<string, { anyOf: unknown[] }>).structured.anyOf[0]).toEqual(
      declared,
    );
    expect(tb.openaiTools.find((t) => t.function.name === 'get-annotated-message')!.function.parameters).toEqual(
      listed.find((t) => t.name === 'get-annotated-message')!.inputSchema,
    );
  });

  test('a call with structured content', async () => {
    const out = await tb.callTool('get-structured-content', { location: 'Chicago' });
    expect(out.structured).toEqual({ temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 });
    expect(JSON.parse(out.content as string)).toEqual(out.structured);
    expect(out.is_error).toBe(false);
  });

  test('lax coercion and text results; non-text blocks kept in raw', async () => {
    expect(await tb.callTool('get-sum', { a: '2', b: 3 })).toMatchObject({
      content: 'The sum of 2 and 3 is 5.',
      structured: null,
    });
    const image = await tb.callTool('get-tiny-image', {});
    expect((image.raw as { type: string }[]).map((b) => b.type)).toContain('image');
  });

  test('an error result reaches the model as is_error, through the loop path', async () => {
    const registry = new ToolRegistry([tb]);
    const run = await executeToolCall(
      registry,
      'gzip-file-as-resource',
      { data: 'ftp://127.0.0.1/file.txt' },
      { timeoutMs: 10_000 },
    );
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    expect(run.result.is_error).toBe(true);
    expect(run.result.content).toContain('Unsupported URL protocol');
    expect(run.content).toMatch(/^The tool reported an error \(is_error: true\):\n.*Unsupported URL protocol/s);
  });

  test('input that breaks the inputSchema is a validation error before anything is sent', async () => {
    const error = await tb.callTool('get-structured-content', { location: 'Paris' }).catch((e) => e);
    expect(error).toBeInstanceOf(ToolInputError);
    expect(error.details.issues[0]).toEqual({ path: ['location'], message: expect.stringContaining('New York') });
  });
});

describe('server-everything failures', () => {
  test('a server that cannot start gives a discovery error at once', async () => {
    const started = Date.now();
    const tb = new MCPToolBox({ config: { command: 'persona-studio-no-such-mcp-server', args: ['stdio'] } });
    await tb.ready;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(tb.discoveryError?.message).toBe(
      "Cannot connect to MCP server 'persona-studio-no-such-mcp-server stdio': command not found (persona-studio-no-such-mcp-server: ENOENT)",
    );
    expect(tb.toolJsonList).toEqual([]);
    await expect(tb.refreshTools()).rejects.toThrow('command not found');
    await tb.close();
  });

  test('a server killed mid-call gives a clear tool error', async () => {
    const tb = new MCPToolBox({ config: { command: process.execPath, args: [EVERYTHING, 'stdio'] } });
    await tb.ready;
    try {
      const pending = tb.callTool('trigger-long-running-operation', { duration: 5, steps: 5 }).catch((e) => e);
      await new Promise((r) => setTimeout(r, 300));
      process.kill(tb.serverPid!, 'SIGKILL');
      const error = await pending;
      expect(error).toBeInstanceOf(ToolExecutionError);
      expect(error.code).toBe('tool_execution_failed');
      expect(error.details.cause).toMatch(
        /^MCP server '.*server-everything.*' closed the connection during the call to 'trigger-long-running-operation'/,
      );
    } finally {
      await tb.close();
    }
  });
});

describe('server-filesystem on a temporary folder', () => {
  let dir: string;
  let tb: MCPToolBox;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ps-mcp-fs-'));
    await writeFile(path.join(dir, 'notes.txt'), 'first line\nsecond line\n');
    tb = new MCPToolBox({
      config: { command: process.execPath, args: [FILESYSTEM, dir] },
      toolboxId: 'ovos-mcp-toolbox:files',
    });
    await tb.ready;
  });
  afterAll(async () => {
    await tb.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('lists the folder and reads a file', async () => {
    expect(tb.discoveryError).toBeNull();
    expect(tb.tools.has('list_directory')).toBe(true);
    expect(await tb.callTool('list_directory', { path: dir })).toMatchObject({
      content: '[FILE] notes.txt',
      is_error: false,
    });
    const read = await tb.callTool('read_text_file', { path: path.join(dir, 'notes.txt') });
    expect(read).toMatchObject({
      content: 'first line\nsecond line\n',
      structured: { content: 'first line\nsecond line\n' },
    });
  });

  test('a path outside the folder is an error result', async () => {
    const out = await tb.callTool('read_text_file', { path: '/etc/hostname' });
    expect(out.is_error).toBe(true);
    expect(out.content).toContain('Access denied');
  });
});
