import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { executeToolCall, type ToolGate, type ToolRegistry } from '../core/toolbox';

export interface ToolServerOptions {
  /** The server name MCP clients show (default persona-studio). */
  name?: string;
  version?: string;
  /** Per-call timeout, as in the loop. */
  timeoutMs?: number;
  /** Checks each call first (approvalGate: tools that need the user's approval are refused). */
  gate?: ToolGate;
}

/**
 * An MCP server (the SDK's low-level Server, so JSON Schemas pass through unchanged) over a ToolRegistry:
 * tools/list gives every tool offered to the model under its model name with inputSchema = argument_schema and
 * outputSchema = output_schema; tools/call runs executeToolCall, the loop's own path, and returns the
 * result as structuredContent (and its text, or an MCP tool's own content blocks, as content), or a failure as an isError result with the message
 * the model would read (validation issues included). A toolbox's tool-list change becomes list_changed.
 */
export function createToolServer(registry: ToolRegistry, options: ToolServerOptions = {}): Server {
  const server = new Server(
    { name: options.name ?? 'persona-studio', version: options.version ?? '0.1.0' },
    {
      capabilities: { tools: { listChanged: true } },
      instructions: 'Tools of Persona Studio toolboxes (OVOS agent tools).',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listTools(registry) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const refused = notServed(registry, request.params.name);
    if (refused) return { content: [{ type: 'text', text: refused }], isError: true };
    const run = await executeToolCall(registry, request.params.name, request.params.arguments ?? {}, {
      signal: extra.signal,
      timeoutMs: options.timeoutMs,
      ...(options.gate ? { gate: options.gate } : {}),
    });
    if (run.ok) return { content: contentOf(run), structuredContent: run.result };
    return {
      content: [{ type: 'text', text: run.content }],
      isError: true,
      _meta: { 'persona-studio/error': run.error },
    };
  });

  const unsubscribe = registry.toolboxes.map((tb) =>
    tb.onToolsChanged(() => {
      server.sendToolListChanged().catch(() => undefined);
    }),
  );
  const previous = server.onclose;
  server.onclose = () => {
    previous?.();
    for (const off of unsubscribe) off();
  };
  return server;
}

/**
 * The content blocks of a served result: an MCP tool's own blocks (images and audio as images and audio, for the
 * client's model to use), else the text the model would read.
 */
function contentOf(run: {
  content: string;
  result: Record<string, unknown>;
  feed?: unknown;
}): CallToolResult['content'] {
  const raw = run.result.raw;
  if (run.feed && Array.isArray(raw) && raw.length) return raw as CallToolResult['content'];
  return [{ type: 'text', text: run.content }];
}

/** Why a tool is not served: turned off in the persona, or unavailable here (MCP tasks); null when it is. */
function notServed(registry: ToolRegistry, name: string): string | null {
  const info = registry.toolInfos().find((t) => t.modelName === name);
  if (info?.disabled) return `Tool '${name}' is turned off in this persona (persona_studio.tools.disabled).`;
  return info?.unavailable ?? null;
}

/** The registry's tools as MCP Tool entries: the ones the model would be offered (not turned off, not unavailable). */
export function listTools(registry: ToolRegistry): Tool[] {
  return registry.offeredInfos().map((info) => ({
    name: info.modelName,
    description: info.renamedBecause ? `${info.description}\n(${info.renamedBecause})` : info.description,
    inputSchema: { type: 'object', ...info.argument_schema } as Tool['inputSchema'],
    outputSchema: { type: 'object', ...info.output_schema } as Tool['outputSchema'],
  }));
}
