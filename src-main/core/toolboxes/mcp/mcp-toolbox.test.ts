import { afterEach, describe, expect, test } from 'vitest';
import net from 'node:net';
import { MCPToolBox } from './index';
import { TRIP_INPUT_SCHEMA, TRIP_OUTPUT_SCHEMA } from './fixtures/fixture-server';
import { startHttpFixture } from './fixtures/http-fixture';
import { getEventListeners } from 'node:events';
import { executeToolCall, NEVER_ABORTED, ToolExecutionError, ToolInputError, ToolRegistry } from '../../toolbox';
import { isAlive } from '../../testing/process-alive';

const FIXTURE = ['--import', 'tsx', new URL('./fixtures/fixture-stdio.ts', import.meta.url).pathname];
const open: MCPToolBox[] = [];
const cleanups: Array<() => Promise<void>> = [];

function toolbox(config: Record<string, unknown>, toolboxId?: string): MCPToolBox {
  const tb = new MCPToolBox({ config, toolboxId });
  open.push(tb);
  return tb;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((tb) => tb.close()));
  for (const c of cleanups.splice(0)) await c();
});

describe('MCPToolBox over stdio (fixture server)', () => {
  test('keeps JSON Schemas intact, validates nested input, maps structured, error and renamed tools', async () => {
    const tb = toolbox({ command: process.execPath, args: FIXTURE });
    await tb.ready;
    expect(tb.discoveryError).toBeNull();
    expect([...tb.tools.keys()]).toEqual(['plan_trip', 'fail_softly', 'add_tool', 'crash', 'files_read_v2']);
    const trip = tb.toolJsonList.find((t) => t.name === 'plan_trip')!;
    expect(trip.argument_schema).toEqual(TRIP_INPUT_SCHEMA);
    const { $defs, ...outputRest } = TRIP_OUTPUT_SCHEMA;
    expect(trip.output_schema.$defs).toEqual($defs);
    expect((trip.output_schema.properties as Record<string, { anyOf: unknown[] }>).structured.anyOf[0]).toEqual(
      outputRest,
    );

    const result = await tb.callTool('plan_trip', {
      from: { city: 'Porto', country: 'PT' },
      stops: [
        { city: 'Lyon', country: 'FR' },
        { city: 'Madrid', country: 'ES' },
      ],
      travellers: { adults: '2', children: 1 },
      budget: 'low',
      mode: 'train',
      note: null,
    });
    expect(result).toEqual({
      content: 'Trip from Porto\n2 stops',
      is_error: false,
      structured: { legs: [{ to: 'Lyon' }, { to: 'Madrid' }], people: 3 },
      raw: [
        { type: 'text', text: 'Trip from Porto' },
        { type: 'text', text: '2 stops' },
      ],
    });

    const bad = await tb
      .callTool('plan_trip', {
        from: { city: 'Paris', country: 'XX' },
        stops: [{ city: '' }],
        travellers: { adults: 0 },
      })
      .catch((e) => e);
    expect(bad).toBeInstanceOf(ToolInputError);
    expect(bad.code).toBe('tool_input_invalid');
    const paths = bad.details.issues.map((i: { path: unknown[] }) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['from.country', 'travellers.adults']));

    expect(await tb.callTool('fail_softly', { why: 'quota' })).toMatchObject({
      content: 'Refused: quota',
      is_error: true,
      structured: null,
    });
    expect(await tb.callTool('files_read_v2', { path: 'a.txt' })).toMatchObject({ content: 'read a.txt' });
  });

  test('tools/list_changed refreshes the list and notifies listeners', async () => {
    const tb = toolbox({ command: process.execPath, args: FIXTURE });
    await tb.ready;
    const changed = new Promise<void>((resolve) => tb.onToolsChanged(resolve));
    await tb.callTool('add_tool', {});
    await changed;
    expect(tb.tools.has('late_tool')).toBe(true);
    expect(await tb.callTool('late_tool', { n: 4 })).toMatchObject({ content: 'late 4' });
  });

  test('a server that dies mid-call is a tool error naming it; the next call starts it again', async () => {
    const tb = toolbox({ command: process.execPath, args: FIXTURE });
    await tb.ready;
    const firstPid = tb.serverPid!;
    const error = await tb.callTool('crash', {}).catch((e) => e);
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect(error.code).toBe('tool_execution_failed');
    expect(error.message).toBe("Tool execution failed for 'crash' in ToolBox 'ovos-mcp-toolbox'");
    expect(error.details.cause).toContain(`MCP server '${process.execPath} --import tsx`);
    expect(error.details.cause).toContain("closed the connection during the call to 'crash'");
    expect(error.details.cause).toContain('crashing on purpose');
    expect(await tb.callTool('fail_softly', {})).toMatchObject({ is_error: true });
    expect(tb.serverPid).not.toBe(firstPid);
  });

  test('close() stops the server process', async () => {
    const tb = toolbox({ command: process.execPath, args: FIXTURE });
    await tb.ready;
    const pid = tb.serverPid!;
    expect(isAlive(pid)).toBe(true);
    await tb.close();
    expect(isAlive(pid)).toBe(false);
    await expect(tb.refreshTools()).rejects.toThrow("ToolBox 'ovos-mcp-toolbox' is closed.");
  });

  test('a server that never answers fails discovery within the timeout, without blocking', async () => {
    const started = Date.now();
    const tb = toolbox({ command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], timeout: 0.5 });
    await tb.ready;
    expect(Date.now() - started).toBeLessThan(4000);
    expect(tb.discoveryError?.message).toMatch(
      /^Cannot connect to MCP server '.*': MCP server '.*' did not answer within 0.5 s|the request timed out/,
    );
    expect(tb.toolJsonList).toEqual([]);
  });

  test('a bad config is reported as the discovery error', async () => {
    const tb = toolbox({ transport: 'stdio' });
    await tb.ready;
    expect(tb.discoveryError?.message).toBe("Invalid MCP toolbox config: transport 'stdio' needs a 'command'.");
    const other = toolbox({ transport: 'http', url: 'not a url' });
    await other.ready;
    expect(other.discoveryError?.message).toBe("Invalid MCP toolbox config: 'not a url' is not a URL.");
  });
});

describe('MCPToolBox over HTTP', () => {
  test('streamable HTTP with headers; instance ids keep two servers apart', async () => {
    const server = await startHttpFixture();
    cleanups.push(server.close);
    const tb = toolbox(
      { transport: 'http', url: server.url, headers: { 'x-token': 'secret' } },
      'ovos-mcp-toolbox:trips',
    );
    await tb.ready;
    expect(tb.discoveryError).toBeNull();
    expect(tb.toolboxId).toBe('ovos-mcp-toolbox:trips');
    expect(server.headersSeen.some((h) => h['x-token'] === 'secret')).toBe(true);
    const out = await tb.callTool('plan_trip', { from: { city: 'Faro', country: 'PT' }, travellers: { adults: 1 } });
    expect(out.structured).toEqual({ legs: [], people: 1 });
  });

  test('falls back to SSE when the server has no streamable HTTP endpoint', async () => {
    const server = await startHttpFixture({ sseOnly: true });
    cleanups.push(server.close);
    const tb = toolbox({ transport: 'http', url: server.url });
    await tb.ready;
    expect(tb.discoveryError).toBeNull();
    expect(await tb.callTool('fail_softly', { why: 'sse' })).toMatchObject({ content: 'Refused: sse', is_error: true });
  });

  test('a server that is down at start is reported, and found on a later refresh', async () => {
    const port = await freePort();
    const tb = toolbox({ transport: 'http', url: `http://127.0.0.1:${port}/mcp`, timeout: 2 });
    await tb.ready;
    expect(tb.discoveryError?.message).toContain(`Cannot connect to MCP server 'http://127.0.0.1:${port}/mcp'`);
    expect(tb.tools.size).toBe(0);
    const server = await startHttpFixture({ port });
    cleanups.push(server.close);
    await tb.refreshTools();
    expect(tb.discoveryError).toBeNull();
    expect(tb.tools.has('plan_trip')).toBe(true);
  });
});

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

describe('MCP calls and abort signals', () => {
  test('the SDK keeps a listener on the signal it gets: a run signal or the shared one never collects them', async () => {
    const tb = toolbox({ command: process.execPath, args: FIXTURE });
    await tb.ready;
    const registry = new ToolRegistry([tb]);
    const run = new AbortController();
    for (let i = 0; i < 15; i++) {
      const r = await executeToolCall(
        registry,
        'files_read_v2',
        { path: `/f${i}` },
        { signal: run.signal, timeoutMs: 5000 },
      );
      expect(r.ok).toBe(true);
      await tb.callTool('files_read_v2', { path: `/g${i}` });
    }
    // At most the one listener all of a run's calls share (signal-hub), however many calls ran.
    expect(getEventListeners(run.signal, 'abort').length).toBeLessThanOrEqual(1);
    expect(getEventListeners(NEVER_ABORTED, 'abort')).toHaveLength(0);
  });

  test('a call makes no AbortController (on Node 20 one costs more than the rest of the call)', async () => {
    const tb = toolbox({ command: process.execPath, args: FIXTURE });
    await tb.ready;
    const registry = new ToolRegistry([tb]);
    const run = new AbortController();
    const Real = globalThis.AbortController;
    let made = 0;
    globalThis.AbortController = class extends Real {
      constructor() {
        super();
        made++;
      }
    };
    try {
      for (let i = 0; i < 5; i++) {
        const r = await executeToolCall(
          registry,
          'files_read_v2',
          { path: `/f${i}` },
          {
            signal: run.signal,
            timeoutMs: 5000,
          },
        );
        expect(r.ok).toBe(true);
      }
    } finally {
      globalThis.AbortController = Real;
    }
    expect(made).toBe(0);
  });
});
