/** The two sides of tool-path.bench.ts's MCP lines, shared with tool-path.test.ts (which checks they do the same). */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Contender } from './harness';

/** The fixture server (its `plan_trip` has a nested schema: $ref, anyOf, oneOf) and server-everything, over stdio. */
export const FIXTURE = [
  '--import',
  'tsx',
  new URL('../src-main/core/toolboxes/mcp/fixtures/fixture-stdio.ts', import.meta.url).pathname,
];
export const EVERYTHING = [
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
    'dist',
    'index.js',
  ),
  'stdio',
];
export const TRIP = {
  from: { city: 'Porto', country: 'PT' },
  stops: [
    { city: 'Madrid', country: 'ES' },
    { city: 'Lyon', country: 'FR' },
  ],
  travellers: { adults: 2, children: 1 },
  budget: 'low',
};

/** What the MCP sides use of ours: the bench passes the as-built bundle, the test the sources. */
export type OurToolPath = Pick<typeof import('./tool-path-ours'), 'executeToolCall' | 'ToolRegistry' | 'MCPToolBox'>;

export interface McpSides {
  ours: Contender;
  theirs: Contender;
  /**
   * The requests and notifications each side's client sent since the sides were made (listing excluded), when
   * recorded. Answers to the server's own requests are left out: ours declares roots, so server-everything asks it
   * for them (`roots/list`) once connected, at a moment that depends on the machine's load.
   */
  sent: { ours: unknown[]; theirs: unknown[] };
  /** One call each, with what came back: ours as executeToolCall returns it, theirs as the SDK does. */
  once(): Promise<{ ours: unknown; theirs: unknown }>;
  close(): Promise<void>;
}

function record(transport: Transport | undefined, into: unknown[]): void {
  if (!transport) throw new Error('no transport to record');
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if ('method' in message) into.push(message);
    return send(message, options);
  };
}

/**
 * One MCP tool on two copies of the same stdio server: through executeToolCall (as the loop calls it: the run's
 * signal, one per run, and the tool timeout) and through the SDK's Client.callTool (a timeout and an abort signal of
 * its own per call, a call the app can cancel), `calls` calls per run.
 */
export async function mcpSides(
  lib: OurToolPath,
  args: string[],
  tool: string,
  input: Record<string, unknown>,
  calls: number,
  options: { record?: boolean } = {},
): Promise<McpSides> {
  const toolbox = new lib.MCPToolBox({ config: { command: process.execPath, args }, toolboxId: 'bench' });
  await toolbox.ready;
  const registry = new lib.ToolRegistry([toolbox]);
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }));
  await client.listTools();
  const sent = { ours: [] as unknown[], theirs: [] as unknown[] };
  if (options.record) {
    const session = (toolbox as unknown as { session: { client: Client } | null }).session;
    record(session?.client.transport, sent.ours);
    record(client.transport, sent.theirs);
  }
  const runSignal = new AbortController().signal;
  const callOurs = () => lib.executeToolCall(registry, tool, input, { signal: runSignal, timeoutMs: 30_000 });
  const callTheirs = () =>
    client.callTool({ name: tool, arguments: input }, undefined, {
      timeout: 30_000,
      signal: new AbortController().signal,
    });
  return {
    ours: {
      async run() {
        for (let i = 0; i < calls; i++) {
          const r = await callOurs();
          if (!r.ok) throw new Error(r.content);
        }
        return 0;
      },
    },
    theirs: {
      async run() {
        for (let i = 0; i < calls; i++) {
          const r = await callTheirs();
          if (r.isError) throw new Error('raw call failed');
        }
        return 0;
      },
    },
    sent,
    async once() {
      return { ours: await callOurs(), theirs: await callTheirs() };
    },
    async close() {
      await toolbox.close();
      await client.close();
    },
  };
}
