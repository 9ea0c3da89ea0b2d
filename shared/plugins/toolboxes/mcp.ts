import { z } from 'zod';
import { timeoutSeconds } from './timeout';

/** The form shows a field only for these transports (`x-show-when`, read by the renderer's SchemaForm). */
const STDIO = { 'x-show-when': { transport: ['stdio'] } };
const HTTP = { 'x-show-when': { transport: ['http', 'sse'] } };

/**
 * Config block of `ovos-mcp-toolbox` (OVOS ovos-tool-adapters' keys): how to reach one MCP server.
 * `http` tries streamable HTTP first and falls back to the older SSE transport; `sse` uses SSE only.
 */
export const MCPConfig = z
  .object({
    transport: z.enum(['stdio', 'http', 'sse']).default('stdio').meta({
      title: 'Transport',
      description:
        'stdio starts the server as a child process; http connects to a URL (streamable HTTP, falling back to SSE).',
    }),
    command: z
      .string()
      .optional()
      .meta({ title: 'Command', description: 'stdio: the program that runs the server, e.g. npx or node.', ...STDIO }),
    args: z
      .array(z.string())
      .default([])
      .meta({ title: 'Arguments', description: 'stdio: its arguments.', ...STDIO }),
    env: z
      .record(z.string(), z.string())
      .default({})
      .meta({
        title: 'Environment',
        description: 'stdio: extra environment variables (PATH, HOME and USER are inherited).',
        ...STDIO,
      }),
    cwd: z
      .string()
      .optional()
      .meta({ title: 'Working folder', description: 'stdio: the folder the server starts in.', ...STDIO }),
    url: z
      .string()
      .optional()
      .meta({ title: 'URL', description: 'http/sse: the server endpoint, e.g. http://127.0.0.1:3001/mcp.', ...HTTP }),
    headers: z
      .record(z.string(), z.string())
      .default({})
      .meta({ title: 'Headers', description: 'http/sse: sent with every request (e.g. Authorization).', ...HTTP }),
    roots: z.array(z.string()).default([]).meta({
      title: 'Roots',
      description:
        'Folders offered to the server as MCP roots (roots/list); servers such as server-filesystem then work inside them only.',
    }),
    timeout: timeoutSeconds('Timeout (s)', 'Seconds to wait for the connection and for each request.'),
  })
  .meta({ title: 'MCP server' });
export type MCPConfig = z.infer<typeof MCPConfig>;
