import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema } from '../../../../shared/domain/tool';
import { McpLogLevel } from '../../../../shared/domain/mcp';
import type { ChatEngine } from '../../brains/chat-engine';
import type { MCPClientHost } from './client-host';
import { answerSampling, samplingSummary } from './sampling';
import type { ServerLog } from './server-log';

/** What the client declares at `initialize`: form elicitation, sampling, and roots (no tasks, no URL elicitation). */
export const CLIENT_CAPABILITIES = { elicitation: { form: {} }, sampling: {}, roots: { listChanged: false } };

/** What the handlers need of their toolbox, read at each request (the host and brain may be set after connecting). */
export interface HandlerContext {
  toolboxId: string;
  label: string;
  log: ServerLog;
  host(): MCPClientHost;
  brain(): ChatEngine | null;
  /** The configured folders, offered as `roots/list`. */
  roots(): string[];
  onToolListChanged(): void;
  /** Stops the timeouts of the calls in flight while the user answers; returns the resume. */
  holdCalls(): () => void;
}

/** Folders as MCP roots: `file://` URIs named by their last segment. */
export function rootsOf(folders: string[]): Array<{ uri: string; name: string }> {
  return folders.map((folder) => {
    const abs = path.resolve(folder);
    return { uri: pathToFileURL(abs).href, name: path.basename(abs) || abs };
  });
}

/** Installs our answers to what a server asks or tells: logs, notifications, elicitation, sampling, roots. */
export function installClientHandlers(client: Client, ctx: HandlerContext): void {
  client.setNotificationHandler(ToolListChangedNotificationSchema, (n) => {
    ctx.log.add({ kind: 'notification', method: n.method, data: n.params ?? null });
    ctx.onToolListChanged();
  });
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    const level = McpLogLevel.safeParse(n.params.level);
    ctx.log.add({
      kind: 'log',
      method: n.method,
      level: level.success ? level.data : 'info',
      logger: n.params.logger ?? null,
      data: n.params.data,
    });
  });
  client.fallbackNotificationHandler = async (n) => {
    ctx.log.add({ kind: 'notification', method: n.method, data: n.params ?? null });
  };
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const params = request.params as { mode?: string; message: string; requestedSchema?: JsonSchema };
    if (params.mode === 'url')
      throw new McpError(ErrorCode.InvalidParams, 'Persona Studio answers form elicitations only, not URL mode.');
    ctx.log.add({ kind: 'notification', method: request.method, data: { message: params.message } });
    const resume = ctx.holdCalls();
    try {
      return await ctx.host().elicit(
        {
          toolboxId: ctx.toolboxId,
          server: ctx.label,
          message: params.message,
          requestedSchema: params.requestedSchema ?? { type: 'object', properties: {} },
        },
        extra.signal,
      );
    } finally {
      resume();
    }
  });
  client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
    const params = request.params;
    ctx.log.add({ kind: 'notification', method: request.method, data: { maxTokens: params.maxTokens } });
    const resume = ctx.holdCalls();
    let approved: boolean;
    try {
      approved = await ctx.host().approveSampling(
        {
          toolboxId: ctx.toolboxId,
          server: ctx.label,
          summary: samplingSummary(params),
          params: params as Record<string, unknown>,
        },
        extra.signal,
      );
    } finally {
      resume();
    }
    if (!approved) throw new McpError(ErrorCode.InvalidRequest, 'The user declined the sampling request.');
    return answerSampling(ctx.brain(), params, extra.signal);
  });
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: rootsOf(ctx.roots()) }));
}
