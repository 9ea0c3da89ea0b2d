import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError, type Tool as MCPTool } from '@modelcontextprotocol/sdk/types.js';
import type { McpLogLevel } from '../../../../shared/domain/mcp';
import type { ResourceContents } from '../../../../shared/domain/resource';
import type { JsonSchema } from '../../../../shared/domain/tool';
import { assertJsonSafe } from '../../../../shared/json/safe-json';
import { logger } from '../../log';
import { ToolBox, type AgentTool, type ToolCallContext } from '../../toolbox';
import { causeMessage } from '../../toolbox/tool-errors';
import { parseMCPConfig, serverLabel, type MCPConfig } from './config';
import { mapMCPResult, mcpOutputSchema } from './result';
import { mcpModelFeed } from './result-feed';
import { describe, MCPSession, openSession } from './session';
import { dropNullOptionals, toolNamesFor } from './names';
import type { ChatEngine } from '../../brains/chat-engine';
import type { ToolboxCreateOptions } from '../toolbox-descriptor';
import { headlessHost, type MCPClientHost } from './client-host';
import { installClientHandlers } from './client-handlers';
import * as features from './features';
import { ServerLog } from './server-log';
import { InFlightCall } from './in-flight-call';

const log = logger('mcp');
/** The SDK's own request timeout is off for calls (setTimeout's largest delay): InFlightCall keeps a pausable one. */
const NO_SDK_TIMEOUT = 2_147_483_647;
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
  private host: MCPClientHost = headlessHost();
  private readonly inFlight = new Set<InFlightCall>();
  private readonly brain: ChatEngine | null;
  /** What the server logged and notified (a bounded ring buffer kept across reconnects). */
  readonly log = new ServerLog();

  constructor(options: Partial<ToolboxCreateOptions> = {}) {
    super(options);
    this.brain = options.brain ?? null;
  }

  /** Who answers the server's elicitation and sampling requests (a window); headless (declining) until set. */
  setHost(host: MCPClientHost): void {
    this.host = host;
  }

  /** What the server offers beside tools (connects when needed). */
  async features(): Promise<features.ServerFeatures> {
    const session = await this.liveSession(parseMCPConfig(this.config));
    return features.serverFeatures(session.client);
  }

  /** The server's resources and resource templates (empty when it has none). */
  async listResources(): Promise<Awaited<ReturnType<typeof features.listResources>>> {
    const { session, options } = await this.request();
    if (!features.serverFeatures(session.client).resources) return { resources: [], templates: [] };
    return this.named(session, 'list its resources', () => features.listResources(session.client, options));
  }

  /**
   * Reads a resource (`resources/read`) by URI, or a template filled with values: the Resources tab, and the "Open"
   * of a resource link or an embedded resource in a result. Returns the URI read and its contents (text, or a base64
   * blob); the server's failure comes back as an Error naming the server and the URI.
   */
  async readResource(
    target: { uri: string } | { uriTemplate: string; arguments: Record<string, unknown> },
    options: { signal?: AbortSignal } = {},
  ): Promise<{ uri: string; contents: ResourceContents[] }> {
    const { session, options: timeout } = await this.request();
    const uri = 'uri' in target ? target.uri : features.expandTemplate(target.uriTemplate, target.arguments);
    const read = await this.named(session, `read '${uri}'`, () =>
      features.readResource(session.client, uri, { ...timeout, signal: options.signal }),
    );
    const contents = read.map((c) => ({
      uri: c.uri,
      ...(c.mimeType ? { mimeType: c.mimeType } : {}),
      ...(typeof c.text === 'string' ? { text: c.text } : {}),
      ...(typeof c.blob === 'string' ? { blob: c.blob } : {}),
    }));
    return { uri, contents };
  }

  /** The server's prompts (empty when it has none). */
  async listPrompts() {
    const { session, options } = await this.request();
    if (!features.serverFeatures(session.client).prompts) return [];
    return this.named(session, 'list its prompts', () => features.listPrompts(session.client, options));
  }

  /** A prompt's messages with these arguments. */
  async getPrompt(name: string, args: Record<string, string>) {
    const { session, options } = await this.request();
    return this.named(session, `get the prompt '${name}'`, () =>
      features.getPrompt(session.client, name, args, options),
    );
  }

  /** `logging/setLevel`: the lowest level the server should send. */
  async setLogLevel(level: McpLogLevel): Promise<void> {
    const { session, options } = await this.request();
    await this.named(session, 'set its log level', () => session.client.setLoggingLevel(level, options));
  }

  /** Stops the timeouts of every call in flight while the server waits for the user; returns the resume. */
  private holdCalls(): () => void {
    const resumes = [...this.inFlight].map((call) => call.pause());
    return () => resumes.forEach((resume) => resume());
  }

  private async request() {
    const config = parseMCPConfig(this.config);
    return { session: await this.liveSession(config), options: { timeout: config.timeout * 1000 } };
  }

  private async named<T>(session: MCPSession, what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw new Error(`MCP server '${session.label}' could not ${what}: ${describe(error)}`, { cause: error });
    }
  }

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
  override callTool(
    name: string,
    kwargs: unknown,
    ctx: Partial<ToolCallContext> = {},
  ): Promise<Record<string, unknown>> {
    if (!this.discovered) return this.ready.then(() => this.callTool(name, kwargs, ctx));
    const schema = this.tools.get(name)?.argumentSchema as JsonSchema | undefined;
    return super.callTool(name, schema ? dropNullOptionals(kwargs, schema) : kwargs, ctx);
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
      toolCall: async (args, ctx) => {
        if (unavailable) throw new Error(unavailable);
        const onProgress = ctx.onProgress;
        const session = this.session && !this.session.closed ? this.session : await this.liveSession(config);
        const call = new InFlightCall(config.timeout * 1000, ctx);
        this.inFlight.add(call);
        try {
          // With onprogress the SDK sends a progressToken; an abort sends notifications/cancelled to the server.
          const options: RequestOptions = { signal: call.signal, timeout: NO_SDK_TIMEOUT };
          if (onProgress)
            options.onprogress = ({ progress, total, message }) => {
              call.restart();
              onProgress({
                progress,
                ...(total !== undefined ? { total } : {}),
                ...(message !== undefined ? { message } : {}),
              });
            };
          const result = await session.client.callTool({ name: remoteName, arguments: args }, undefined, options);
          // The SDK parsed it without a depth limit: check before anything recursive (validation, JSON.stringify) runs.
          assertJsonSafe(result);
          return mapMCPResult(result as Record<string, unknown>);
        } catch (error) {
          if (call.cancelled) throw error;
          const cause = call.timedOut ? new McpError(ErrorCode.RequestTimeout, 'Request timed out') : error;
          throw new Error(callFailure(session, remoteName, cause, config.timeout), { cause });
        } finally {
          call.end();
          this.inFlight.delete(call);
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
      this.opening = openSession(config, (client) =>
        installClientHandlers(client, {
          toolboxId: this.toolboxId,
          label: serverLabel(config),
          log: this.log,
          host: () => this.host,
          brain: () => this.brain,
          roots: () => config.roots,
          holdCalls: () => this.holdCalls(),
          onToolListChanged: () => void this.onListChanged(),
        }),
      ).finally(() => {
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
