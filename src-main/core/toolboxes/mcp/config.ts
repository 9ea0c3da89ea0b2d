import { z } from 'zod';
import type { JsonSchema } from '../../../../shared/domain/tool';

/**
 * Config block of `ovos-mcp-toolbox` (OVOS ovos-tool-adapters' keys): how to reach one MCP server.
 * `http` tries streamable HTTP first and falls back to the older SSE transport; `sse` uses SSE only.
 */
export const MCPConfig = z.object({
  transport: z
    .enum(['stdio', 'http', 'sse'])
    .default('stdio')
    .meta({
      title: 'Transport',
      description:
        'stdio starts the server as a child process; http connects to a URL (streamable HTTP, falling back to SSE).',
    }),
  command: z
    .string()
    .optional()
    .meta({ title: 'Command', description: 'stdio: the program that runs the server, e.g. npx or node.' }),
  args: z.array(z.string()).default([]).meta({ title: 'Arguments', description: 'stdio: its arguments.' }),
  env: z
    .record(z.string(), z.string())
    .default({})
    .meta({
      title: 'Environment',
      description: 'stdio: extra environment variables (PATH, HOME and USER are inherited).',
    }),
  cwd: z.string().optional().meta({ title: 'Working folder', description: 'stdio: the folder the server starts in.' }),
  url: z
    .string()
    .optional()
    .meta({ title: 'URL', description: 'http/sse: the server endpoint, e.g. http://127.0.0.1:3001/mcp.' }),
  headers: z
    .record(z.string(), z.string())
    .default({})
    .meta({ title: 'Headers', description: 'http/sse: sent with every request (e.g. Authorization).' }),
  timeout: z
    .number()
    .positive()
    .default(30)
    .meta({ title: 'Timeout (s)', description: 'Seconds to wait for the connection and for each request.' }),
});
export type MCPConfig = z.infer<typeof MCPConfig>;

/** The config form's JSON Schema. */
export const MCP_CONFIG_SCHEMA: JsonSchema = (() => {
  const schema = z.toJSONSchema(MCPConfig, { io: 'input' }) as JsonSchema;
  delete schema.$schema;
  return { title: 'MCP server', ...schema };
})();

/** Parses a config block; the error names the bad keys, so the toolbox can show it as its discovery error. */
export function parseMCPConfig(raw: Record<string, unknown>): MCPConfig {
  const parsed = MCPConfig.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `Invalid MCP toolbox config: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; ')}`,
    );
  }
  const config = parsed.data;
  if (config.transport === 'stdio' && !config.command)
    throw new Error("Invalid MCP toolbox config: transport 'stdio' needs a 'command'.");
  if (config.transport !== 'stdio') {
    if (!config.url) throw new Error(`Invalid MCP toolbox config: transport '${config.transport}' needs a 'url'.`);
    try {
      new URL(config.url);
    } catch {
      throw new Error(`Invalid MCP toolbox config: '${config.url}' is not a URL.`);
    }
  }
  return config;
}

/** How the server is named in messages: its command line or its URL. */
export function serverLabel(config: MCPConfig): string {
  if (config.transport === 'stdio') {
    const line = [config.command ?? '', ...config.args].join(' ');
    // Long lines lose their middle: the program and the script's own name both stay readable.
    return line.length > 80 ? `${line.slice(0, 30)}…${line.slice(-49)}` : line;
  }
  return config.url ?? '';
}
