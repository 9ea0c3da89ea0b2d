import { randomUUID } from 'node:crypto';
import { logger } from '../log';
import type { ToolBox } from '../toolbox';
import { causeMessage, ToolExecutionError, ToolInputError } from '../toolbox/tool-errors';
import type { Bus } from './bus';
import type { Message } from './message';
import { WebSocketBus } from './ws-bus-client';

const log = logger('bus-bridge');

/** Marks answers this process gave, so this process's own bus toolboxes do not list its tools twice. */
export const BRIDGE_ORIGIN = randomUUID();
/** The context key carrying BRIDGE_ORIGIN (extra context keys are ignored by OVOS). */
export const ORIGIN_KEY = 'persona_studio_origin';

const CALL_TYPE = /^ovos\.persona\.tools\.(.+)\.call$/;

export interface BusBridgeOptions {
  /** The OVOS messagebus, e.g. ws://127.0.0.1:8181/core. */
  url: string;
  /** The app's toolboxes, asked at every message (the list may change). */
  toolboxes: () => ToolBox[];
}

/**
 * Puts the app's toolboxes on an OVOS messagebus: they answer `ovos.persona.tools.discover` (one response per
 * toolbox) and `ovos.persona.tools.<id>.call`, with OVOS's wire format, as if each were bound to the bus.
 * Bus toolboxes (source 'bus') are never re-exported, so two apps on one bus cannot proxy each other in a loop.
 */
export class BusBridge {
  private client: WebSocketBus | null = null;
  private off: Array<() => void> = [];

  constructor(private readonly opts: BusBridgeOptions) {}

  /** The connected bus, or null before start / after stop. */
  get bus(): Bus | null {
    return this.client;
  }

  /** True while the connection is open (it reconnects by itself after a loss). */
  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** How many of the served toolboxes have tools to offer now. */
  get servedCount(): number {
    return this.served().filter((tb) => tb.tools.size > 0).length;
  }

  /** Connects; rejects with a message naming the URL when the bus is not there. Reconnects after a lost connection. */
  async start(): Promise<void> {
    if (this.client) return;
    const client = new WebSocketBus(this.opts.url);
    this.client = client;
    this.off = [
      client.on('ovos.persona.tools.discover', (m) => void this.discover(client, m)),
      client.onAny((m) => {
        const match = CALL_TYPE.exec(m.type);
        if (match) void this.call(client, m, match[1]);
      }),
    ];
    try {
      await client.connect();
    } catch (error) {
      await this.stop();
      throw error;
    }
    log.info(`serving ${this.served().length} toolboxes on ${this.opts.url}`);
  }

  async stop(): Promise<void> {
    for (const off of this.off.splice(0)) off();
    const client = this.client;
    this.client = null;
    await client?.close();
  }

  private served(): ToolBox[] {
    return this.opts.toolboxes().filter((tb) => (tb.constructor as { source?: string }).source !== 'bus');
  }

  private async discover(bus: Bus, message: Message): Promise<void> {
    await Promise.all(
      this.served().map(async (tb) => {
        try {
          await tb.ready;
          await tb.refreshTools();
        } catch (error) {
          log.debug(`refresh before discover failed for '${tb.toolboxId}': ${causeMessage(error)}`);
        }
        if (this.client !== bus) return;
        bus.emit(
          message.response({ tools: tb.toolJsonList, toolbox_id: tb.toolboxId }, { [ORIGIN_KEY]: BRIDGE_ORIGIN }),
        );
      }),
    );
  }

  private async call(bus: Bus, message: Message, toolboxId: string): Promise<void> {
    const tb = this.served().find((t) => t.toolboxId === toolboxId);
    if (!tb) return;
    const name = typeof message.data.name === 'string' ? message.data.name : '';
    const kwargs = message.data.kwargs ?? {};
    let data: Record<string, unknown>;
    try {
      data = { result: await tb.callTool(name, kwargs), toolbox_id: toolboxId };
    } catch (error) {
      const type =
        error instanceof ToolInputError || error instanceof ToolExecutionError ? error.pythonType : 'RuntimeError';
      data = { error: `${type}: ${causeMessage(error)}`, toolbox_id: toolboxId };
    }
    if (this.client === bus) bus.emit(message.response(data, { [ORIGIN_KEY]: BRIDGE_ORIGIN }));
  }
}
