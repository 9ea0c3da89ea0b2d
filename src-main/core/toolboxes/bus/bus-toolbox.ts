import { randomUUID } from 'node:crypto';
import { DEFAULT_BUS_URL } from '../../../../shared/bus/message';
import { TOOL_NAME_PATTERN, ToolJson } from '../../../../shared/domain/tool';
import type { Bus } from '../../bus/bus';
import { BRIDGE_ORIGIN, ORIGIN_KEY } from '../../bus/bus-bridge';
import { Message } from '../../bus/message';
import { DEFAULT_SESSION_ID, WebSocketBus } from '../../bus/ws-bus-client';
import { logger } from '../../log';
import {
  qualifiedName,
  ToolBox,
  ToolExecutionError,
  ToolInputError,
  type AgentTool,
  type ToolCallContext,
} from '../../toolbox';
import { parseBusConfig, type BusToolBoxConfig } from './config';
import { RemoteToolError } from './remote-error';

const log = logger('bus-toolbox');
const CONTEXT = { source: 'persona-studio' };

/**
 * `ovos-bus-toolbox`: the tools other processes announce on an OVOS messagebus. Discovery emits
 * `ovos.persona.tools.discover` and collects every `.response` for a short window; a call emits
 * `ovos.persona.tools.<toolbox>.call {name, kwargs}` and waits for the `.response` carrying its own request id.
 * Remote names are kept; a name two remote toolboxes share becomes `<toolbox>__<tool>`.
 * It only asks: it never answers on the bus, so bus toolboxes cannot re-export each other in a loop.
 */
export class BusToolBox extends ToolBox {
  static readonly defaultId = 'ovos-bus-toolbox';
  /** The bus bridge reads it: bus toolboxes are never re-announced on a bus. */
  static readonly source = 'bus' as const;

  private own: WebSocketBus | null = null;
  /** Listed name -> the remote toolbox and its own name for the tool, so errors name the remote side. */
  private readonly remotes = new Map<string, { toolboxId: string; name: string }>();

  /** Where the tools come from: the configured URL, else the bus the app handed over, else OVOS's default. */
  get where(): string {
    const url = typeof this.config.url === 'string' ? this.config.url : null;
    return url ?? (this.bus ? 'the app bus' : DEFAULT_BUS_URL);
  }

  /** Keeps the bus to ask on, without answering on it. */
  override bind(bus: Bus): void {
    this.bus = bus;
  }

  async discoverTools(): Promise<AgentTool[]> {
    const config = parseBusConfig(this.config);
    const bus = await this.connection(config);
    const requestId = randomUUID();
    const answers: Message[] = [];
    const off = bus.on('ovos.persona.tools.discover.response', (m) => {
      if (m.context.request_id === requestId) answers.push(m);
    });
    bus.emit(
      new Message(
        'ovos.persona.tools.discover',
        {},
        { ...CONTEXT, request_id: requestId, session: { session_id: DEFAULT_SESSION_ID } },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, config.discover_timeout_ms));
    off();

    const remote: Array<{ toolboxId: string; tool: ToolJson }> = [];
    const seen = new Set<string>();
    for (const answer of answers) {
      const toolboxId = answer.data.toolbox_id;
      if (typeof toolboxId !== 'string' || seen.has(toolboxId) || this.skips(toolboxId, answer, config)) continue;
      seen.add(toolboxId);
      for (const entry of Array.isArray(answer.data.tools) ? answer.data.tools : []) {
        const tool = ToolJson.safeParse({
          description: '',
          argument_schema: {},
          output_schema: {},
          ...(entry as object),
        });
        if (tool.success) remote.push({ toolboxId, tool: tool.data });
        else
          log.warn(
            `toolbox '${toolboxId}' on ${this.where} announced a malformed tool: ${JSON.stringify(entry).slice(0, 120)}`,
          );
      }
    }
    const count = new Map<string, number>();
    for (const { tool } of remote) count.set(tool.name, (count.get(tool.name) ?? 0) + 1);
    return remote.flatMap(({ toolboxId, tool }) => {
      const name = count.get(tool.name)! > 1 ? qualifiedName(toolboxId, tool.name) : tool.name;
      if (!TOOL_NAME_PATTERN.test(name)) {
        log.warn(`skipping '${tool.name}' of '${toolboxId}': not a valid tool name`);
        return [];
      }
      return [this.toAgentTool(name, toolboxId, tool, config)];
    });
  }

  /** A remote ValueError is an input error here too; RuntimeError and timeouts are execution errors. */
  override async callTool(
    name: string,
    kwargs: unknown,
    ctx: Partial<ToolCallContext> = {},
  ): Promise<Record<string, unknown>> {
    try {
      return await super.callTool(name, kwargs, ctx);
    } catch (error) {
      if (error instanceof ToolExecutionError && error.cause instanceof RemoteToolError)
        throw error.cause.toToolError();
      const remote = this.remotes.get(name);
      // Checked here against the remote schema, but it is the remote toolbox's input that is wrong: say so as it would.
      if (remote && error instanceof ToolInputError && error.code === 'tool_input_invalid')
        throw new ToolInputError(
          'tool_input_invalid',
          `Tool input validation failed for '${remote.name}' in ToolBox '${remote.toolboxId}'`,
          { ...(error.details as object), cause: `Invalid input for '${remote.name}'` },
        );
      throw error;
    }
  }

  override async close(): Promise<void> {
    await super.close();
    const own = this.own;
    this.own = null;
    await own?.close();
  }

  private skips(toolboxId: string, answer: Message, config: BusToolBoxConfig): boolean {
    if (answer.context[ORIGIN_KEY] === BRIDGE_ORIGIN) return true;
    if (
      toolboxId === this.toolboxId ||
      toolboxId.startsWith(`${BusToolBox.defaultId}:`) ||
      toolboxId === BusToolBox.defaultId
    )
      return true;
    return config.exclude_toolbox_ids.includes(toolboxId);
  }

  private toAgentTool(name: string, toolboxId: string, tool: ToolJson, config: BusToolBoxConfig): AgentTool {
    const argumentSchema = Object.keys(tool.argument_schema).length
      ? tool.argument_schema
      : { type: 'object', properties: {} };
    const outputSchema = Object.keys(tool.output_schema).length ? tool.output_schema : { type: 'object' };
    this.remotes.set(name, { toolboxId, name: tool.name });
    return {
      name,
      description: tool.description,
      argumentSchema,
      outputSchema,
      toolCall: async (args, { signal, sessionId }) => {
        const bus = await this.connection(config);
        return this.remoteCall(bus, toolboxId, tool.name, args, config.call_timeout_s * 1000, signal, sessionId);
      },
    };
  }

  private remoteCall(
    bus: Bus,
    toolboxId: string,
    name: string,
    kwargs: Record<string, unknown>,
    timeoutMs: number,
    signal: AbortSignal,
    sessionId = DEFAULT_SESSION_ID,
  ): Promise<Record<string, unknown>> {
    const type = `ovos.persona.tools.${toolboxId}.call`;
    const requestId = randomUUID();
    const where = `toolbox '${toolboxId}' on ${this.where}`;
    return new Promise((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        off();
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        finish();
        reject(signal.reason ?? new Error('Cancelled.'));
      };
      const timer = setTimeout(() => {
        finish();
        reject(
          new RemoteToolError(
            'timeout',
            `No answer from ${where} to the call to '${name}' within ${timeoutMs / 1000} s`,
            where,
          ),
        );
      }, timeoutMs);
      const off = bus.on(`${type}.response`, (m) => {
        // This process's own bridge may serve a toolbox of the same id: the remote one was listed, so wait for it.
        if (m.context.request_id !== requestId || m.context[ORIGIN_KEY] === BRIDGE_ORIGIN) return;
        finish();
        if (typeof m.data.error === 'string') reject(RemoteToolError.fromWire(m.data.error, where));
        else resolve(m.data.result as Record<string, unknown>);
      });
      signal.addEventListener('abort', onAbort, { once: true });
      bus.emit(
        new Message(type, { name, kwargs }, { ...CONTEXT, request_id: requestId, session: { session_id: sessionId } }),
      );
    });
  }

  /** The bus to talk on: the app's when no URL is configured, else our own connection (opened on demand). */
  private async connection(config: BusToolBoxConfig): Promise<Bus> {
    if (!config.url && this.bus) return this.bus;
    const url = config.url ?? DEFAULT_BUS_URL;
    if (!this.own || this.own.url !== url) {
      await this.own?.close();
      this.own = new WebSocketBus(url);
    }
    const own = this.own;
    if (!own.connected) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = Math.min(config.call_timeout_s, 10) * 1000;
      try {
        await Promise.race([
          own.connect(),
          new Promise(
            (_, reject) =>
              (timer = setTimeout(
                () => reject(new Error(`Cannot connect to the bus at ${url}: no answer within ${limit / 1000} s`)),
                limit,
              )),
          ),
        ]);
      } finally {
        clearTimeout(timer);
      }
    }
    return own;
  }
}
