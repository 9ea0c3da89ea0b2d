import { CommunicationProtocol, UtcpClient, type Tool as UTCPTool, type UtcpClientConfig } from '@utcp/sdk';
import '@utcp/http';
import type { JsonSchema } from '../../../../shared/domain/tool';
import { logger } from '../../log';
import { ToolBox, type AgentTool } from '../../toolbox';
import { toolNamesFor } from '../mcp/names';
import { parseUTCPConfig } from './config';
import { localCandidates, mapUTCPResult, utcpOutputSchema } from './result';

const log = logger('utcp');

// The HTTP protocols log every request on stdout; route that to our logger (stdout may carry a protocol, e.g. `mcp`).
for (const type of ['http', 'streamable_http', 'sse']) {
  const protocol = CommunicationProtocol.communicationProtocols[type] as unknown as Record<string, unknown> | undefined;
  if (!protocol) continue;
  protocol._logInfo = (message: string) => log.debug(message);
  protocol._logError = (message: string, error?: unknown) => log.debug(`${message} ${describeError(error)}`);
}

/**
 * Makes the client read its toolbox's own variables and nothing else. UTCP looks a variable it does not have up
 * in the process environment (and substitutes the variables' own values from it): a persona file could then
 * send the app's environment (API keys, tokens) to any manual's URL. Here a missing variable is an error that
 * names it, and values are taken as they are written.
 */
function onlyOwnVariables(client: UtcpClient, variables: Record<string, string>): void {
  const config = client.config as unknown as { variables: Record<string, string>; load_variables_from: unknown };
  config.variables = { ...variables };
  // Loaders are asked before the environment; this one ends the lookup.
  config.load_variables_from = [
    {
      get: (name: string) => {
        throw new Error(
          `UTCP variable '${name}' is not set: add it under the toolbox's variables (the app's environment is not read for UTCP variables).`,
        );
      },
    },
  ];
}

/**
 * `ovos-utcp-toolbox`: tools from UTCP manuals (the Universal Tool Calling Protocol) through @utcp/sdk and its
 * HTTP call templates. UTCP names (`manual.tool`) are given to the model as `tool` (or `manual__tool` on a clash,
 * unsafe characters replaced); the mapping back is kept per discovery.
 */
export class UTCPToolBox extends ToolBox {
  static readonly defaultId = 'ovos-utcp-toolbox';

  private client: UtcpClient | null = null;
  private closed = false;

  async discoverTools(): Promise<AgentTool[]> {
    if (this.closed) throw new Error(`ToolBox '${this.toolboxId}' is closed.`);
    const { templates, variables, timeoutS } = parseUTCPConfig(this.config);
    const client = await UtcpClient.create(process.cwd(), {
      variables: {},
      manual_call_templates: [],
      tool_repository: { tool_repository_type: 'in_memory' },
    } as unknown as UtcpClientConfig);
    onlyOwnVariables(client, variables);
    let results;
    try {
      results = await within(
        client.registerManuals(templates as never),
        timeoutS,
        `UTCP manuals did not load within ${timeoutS} s`,
      );
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
    const failed = results.filter((r) => !r.success);
    if (failed.length === results.length) {
      await client.close().catch(() => undefined);
      throw new Error(
        `Cannot load UTCP manual ${failed.map((r) => `'${r.manualCallTemplate.name}' (${manualUrl(r.manualCallTemplate)}): ${r.errors.join('; ')}`).join(', ')}`,
      );
    }
    for (const r of failed)
      log.warn(
        `toolbox '${this.toolboxId}': UTCP manual '${r.manualCallTemplate.name}' did not load: ${r.errors.join('; ')}`,
      );

    const previous = this.client;
    this.client = client;
    await previous?.close().catch(() => undefined);
    const tools = await client.getTools();
    const candidates = localCandidates(tools.map((t) => t.name));
    const names = toolNamesFor(candidates);
    return tools.map((tool, i) => this.toAgentTool(tool, names.get(candidates[i])!, client, timeoutS));
  }

  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    const client = this.client;
    this.client = null;
    await client?.close().catch(() => undefined);
  }

  private toAgentTool(tool: UTCPTool, name: string, client: UtcpClient, timeoutS: number): AgentTool {
    const utcpName = tool.name;
    const inputs = tool.inputs as JsonSchema;
    return {
      name,
      description: tool.description ?? '',
      argumentSchema: Object.keys(inputs ?? {}).length
        ? { type: 'object', ...inputs }
        : { type: 'object', properties: {} },
      outputSchema: utcpOutputSchema(tool.outputs as JsonSchema | undefined),
      toolCall: async (args, { signal }) => {
        try {
          const value = await within(
            client.callTool(utcpName, args),
            timeoutS,
            `UTCP tool '${utcpName}' did not answer within ${timeoutS} s`,
            signal,
          );
          return mapUTCPResult(value);
        } catch (error) {
          if (signal.aborted) throw error;
          throw new Error(`UTCP tool '${utcpName}' (${templateUrl(tool)}) failed: ${describeError(error)}`, {
            cause: error,
          });
        }
      },
    };
  }
}

/** Resolves with the promise, or rejects after `seconds` (or on abort). */
function within<T>(promise: Promise<T>, seconds: number, message: string, signal?: AbortSignal): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), seconds * 1000);
    onAbort = () => reject(signal!.reason ?? new Error('Cancelled.'));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => undefined);
  return Promise.race([promise, guard]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  });
}

function manualUrl(template: unknown): string {
  const url = (template as { url?: unknown }).url;
  return typeof url === 'string' ? url : 'no url';
}

function templateUrl(tool: UTCPTool): string {
  const t = tool.tool_call_template as { http_method?: string; url?: string };
  return [t.http_method, t.url].filter(Boolean).join(' ') || tool.tool_call_template.call_template_type;
}

/** Axios errors as `HTTP 500: <body>` or their network message; others as their message. */
function describeError(error: unknown): string {
  const e = error as
    | { response?: { status?: number; statusText?: string; data?: unknown }; code?: string; message?: string }
    | undefined;
  if (e?.response?.status) {
    const body = typeof e.response.data === 'string' ? e.response.data : JSON.stringify(e.response.data ?? '');
    return `HTTP ${e.response.status}${e.response.statusText ? ` ${e.response.statusText}` : ''}${body ? `: ${body.slice(0, 300)}` : ''}`;
  }
  if (e?.code && e.message) return `${e.message} (${e.code})`;
  return error instanceof Error ? error.message : String(error);
}
