import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Readable, Writable } from 'node:stream';

/**
 * Serves an MCP server over stdio until the client goes away (stdin ends) or the transport closes.
 * Only protocol frames go to stdout; anything else must be written to stderr.
 */
export async function serveStdio(server: Server, io: { stdin?: Readable; stdout?: Writable } = {}): Promise<void> {
  const stdin = io.stdin ?? process.stdin;
  const transport = new StdioServerTransport(stdin, io.stdout ?? process.stdout);
  const ended = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
    const previous = server.onclose;
    server.onclose = () => {
      previous?.();
      resolve();
    };
  });
  await server.connect(transport);
  await ended;
  await server.close().catch(() => undefined);
}
