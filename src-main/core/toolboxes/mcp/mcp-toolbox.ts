import {
  ToolListChangedNotificationSchema,
  ErrorCode,
  McpError,
  type Tool as MCPTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ResourceContents } from '../../../../shared/domain/resource';
import type { JsonSchema } from '../../../../shared/domain/tool';
import { assertJsonSafe } from '../../../../shared/json/safe-json';
import { logger } from '../../log';
import { NEVER_ABORTED, ToolBox, type AgentTool, type ToolCallContext } from '../../toolbox';
import { causeMessage } from '../../toolbox/tool-errors';
import { parseMCPConfig, type MCPConfig } from './config';
import { mapMCPResult, mcpOutputSchema } from './result';
import { mcpModelFeed } from './result-feed';
import { describe, MCPSession, openSession } from './session';
import { dropNullOptionals, toolNamesFor } from './names';

const log = logger('mcp');
const MAX_PAGES = 50;

/**
 * `ovos-mcp-toolbox`: the tools of one MCP server. Each MCP tool becomes an AgentTool whose argument schema
 * is the tool's inputSchema, unchanged (validated as JSON Schema), and whose result is `{content, is_error,
 * structured, raw}`. Connecting never blocks the app: a server that is down leaves `discoveryError` set and
 * the next refresh tries again; a server that went away is restarted on the next call.
 */
export class MCPToolBox extends ToolBox {
  static readonly defaultId = 'ovos-mcp-toolbox';

  private session: MCPSession | null = null;
  private opening: Promise<MCPSession> | null = null;
  private closed = false;

  async discoverTools(): Promise<AgentTool[]> {
    const config = parseMCPConfig(this.config);
    const session = await this.liveSession(config);
    const listed: MCPTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      let result;
      try {
        result = await session.client.listTools(cursor ? { cursor } : undefined, { timeout: config.timeout * 1000 });
      } catch (error) {
        throw new Error(`MCP server '${session.label}' could not list its tools: ${describe(error)}`, { cause: error });
      }
      listed.push(...result.tools);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    const names = toolNamesFor(listed.map((t) => t.name));
    return listed.map((tool) => this.toAgentTool(tool, names.get(tool.name)!, config));
  }

  /** The process id of a stdio server while it runs (diagnostics, tests); null otherwise. */
  get serverPid(): number | null {
    return this.session && !this.session.closed ? this.session.pid : null;
  }

  /** Drops null values of optional arguments before validation, as OVOS's adapter does before sending. */
  override async callTool(
    name: string,
    kwargs: unknown,
    ctx: Partial<ToolCallContext> = {},
  ): Promise<Record<string, unknown>> {
    await this.ready;
    const schema = this.tools.get(name)?.argumentSchema as JsonSchema | undefined;
    return super.callTool(name, schema ? dropNullOptionals(kwargs, schema) : kwargs, ctx);
  }

  /**
   * Reads one resource through the server (`resources/read`), for the "Open" of a resource link or an embedded
   * resource in a result; returns the URI read and its contents. The server's failure comes back as an Error naming
   * the server and the URI.
   */
  async readResource(
    target: { uri: string },
    options: { signal?: AbortSignal } = {},
  ): Promise<{ uri: string; contents: ResourceContents[] }> {
    const { uri } = target;
    const config = parseMCPConfig(this.config);
    const session = await this.liveSession(config);
    let result;
    try {
      result = await session.client.readResource({ uri }, { signal: options.signal, timeout: config.timeout * 1000 });
    } catch (error) {
      throw new Error(`MCP server '${session.label}' could not read '${uri}': ${describe(error)}`, { cause: error });
    }
    assertJsonSafe(result);
    const contents = result.contents.map((c) => ({
      uri: c.uri,
      ...(c.mimeType ? { mimeType: c.mimeType } : {}),
      ...('text' in c && typeof c.text === 'string' ? { text: c.text } : {}),
      ...('blob' in c && typeof c.blob === 'string' ? { blob: c.blob } : {}),
    }));
    return { uri, contents };
  }

  /** Ends the session; for stdio this stops the server's process. */
  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    const session = this.session ?? (await this.opening?.catch(() => null)) ?? null;
    this.session = null;
    await session?.close();
  }

  private toAgentTool(tool: MCPTool, name: string, config: MCPConfig): AgentTool {
    const remoteName = tool.name;
    const unavailable = unsupportedExecution(tool);
    return {
      name,
      description: tool.description ?? tool.title ?? '',
      argumentSchema: { type: 'object', ...(tool.inputSchema as JsonSchema) },
      outputSchema: mcpOutputSchema(tool.outputSchema as JsonSchema | undefined),
      ...(unavailable ? { unavailable } : {}),
      // mapMCPResult builds the result's shape from JSON the SDK parsed and checked (structuredContent against
      // the tool's outputSchema), and assertJsonSafe below bounds it: nothing is left to validate or convert.
      checkedJsonOutput: true,
      modelFeed: mcpModelFeed,
      toolCall: async (args, { signal }) => {
        if (unavailable) throw new Error(unavailable);
        const session = await this.liveSession(config);
        try {
          const result = await session.client.callTool({ name: remoteName, arguments: args }, undefined, {
            // The SDK leaves a listener on the signal it gets: only a call's own signal, never the shared one.
            ...(signal === NEVER_ABORTED ? {} : { signal }),
            timeout: config.timeout * 1000,
          });
          // The SDK parsed it without a depth limit: check before anything recursive (validation, JSON.stringify) runs.
          assertJsonSafe(result);
          return mapMCPResult(result as Record<string, unknown>);
        } catch (error) {
          if (signal.aborted) throw error;
          throw new Error(callFailure(session, remoteName, error, config.timeout), { cause: error });
        }
      },
    };
  }

  /** The open session, or a new one (one attempt at a time); a closed toolbox never reconnects. */
  private async liveSession(config: MCPConfig): Promise<MCPSession> {
    if (this.closed) throw new Error(`ToolBox '${this.toolboxId}' is closed.`);
    if (this.session && !this.session.closed) return this.session;
    this.session = null;
    if (!this.opening) {
      this.opening = openSession(config, (client) => {
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => void this.onListChanged());
      }).finally(() => {
        this.opening = null;
      });
    }
    const session = await this.opening;
    if (this.closed) {
      await session.close();
      throw new Error(`ToolBox '${this.toolboxId}' is closed.`);
    }
    this.session = session;
    session.onExit(() => {
      if (this.session === session) this.session = null;
      if (!this.closed)
        log.warn(
          `MCP server '${session.label}' of toolbox '${this.toolboxId}' went away${session.lastStderr ? `: ${session.lastStderr}` : ''}`,
        );
    });
    return session;
  }

  private async onListChanged(): Promise<void> {
    if (this.closed) return;
    try {
      await this.refreshTools();
    } catch (error) {
      log.warn(`toolbox '${this.toolboxId}': refresh after tools/list_changed failed: ${causeMessage(error)}`);
    }
    this.notifyToolsChanged();
  }
}

/**
 * Why a tool cannot be called here: one that declares `execution.taskSupport: "required"` answers only MCP
 * task-augmented calls (tasks/get, tasks/result), which this client does not make, so it would fail every time.
 */
export function unsupportedExecution(tool: MCPTool): string | undefined {
  const taskSupport = (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport;
  if (taskSupport === 'required')
    return `It needs MCP tasks (execution.taskSupport "required"), which Persona Studio does not support yet.`;
  return undefined;
}

function callFailure(session: MCPSession, tool: string, error: unknown, timeoutS: number): string {
  const stderr = session.lastStderr ? ` (its stderr: ${session.lastStderr})` : '';
  if (session.overLimit) return `MCP server '${session.label}' failed the call to '${tool}': ${session.overLimit}`;
  if (session.closed || (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)) {
    return `MCP server '${session.label}' closed the connection during the call to '${tool}'${stderr}`;
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return `MCP server '${session.label}' did not answer the call to '${tool}' within ${timeoutS} s`;
  }
  return `MCP server '${session.label}' failed the call to '${tool}': ${describe(error)}`;
}
