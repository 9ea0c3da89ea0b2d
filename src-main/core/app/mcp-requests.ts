import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpPendingRequest, McpResponse } from '../../../shared/domain/mcp';
import type { EventName, EventPayload } from '../../../shared/ipc/contract';
import type { JsonSchema } from '../../../shared/domain/tool';
import { StudioError } from '../errors';
import { validateWith } from '../toolbox';
import type { ElicitationAsk, MCPClientHost, SamplingAsk } from '../toolboxes/mcp/client-host';

type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

interface Pending {
  request: McpPendingRequest;
  resolve(response: McpResponse): void;
}

let nextId = 1;

/**
 * The requests MCP servers make of the user (elicitation, sampling approval) while a window is there to answer:
 * each is pushed as 'mcp.request', kept until answered ('mcp.respond'), or until the server cancels it, and then
 * 'mcp.requestSettled' tells every window to close its dialog.
 */
export class McpRequests {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly emit: Emit) {}

  /** The host a persona's MCP toolbox asks through. */
  hostFor(personaId: string | null, toolboxId: string): MCPClientHost {
    return {
      elicit: async (ask: ElicitationAsk, signal) => {
        const response = await this.ask(
          {
            personaId,
            toolboxId,
            server: ask.server,
            kind: 'elicitation',
            message: ask.message,
            requestedSchema: ask.requestedSchema,
          },
          signal,
        );
        const result: ElicitResult = { action: response.action };
        if (response.action === 'accept') result.content = (response.content ?? {}) as ElicitResult['content'];
        return result;
      },
      approveSampling: async (ask: SamplingAsk, signal) => {
        const response = await this.ask(
          { personaId, toolboxId, server: ask.server, kind: 'sampling', message: ask.summary, sampling: ask.params },
          signal,
        );
        return response.action === 'accept';
      },
    };
  }

  /** The requests waiting now, oldest first (a reloaded window shows them again). */
  list(): McpPendingRequest[] {
    return [...this.pending.values()].map((p) => p.request);
  }

  /**
   * The user's answer. An accepted elicitation's content must fit the requested schema (`bad_input` with the
   * issues otherwise, and the request stays open); an unknown id is `not_found`.
   */
  respond(requestId: string, response: McpResponse): void {
    const entry = this.pending.get(requestId);
    if (!entry)
      throw new StudioError('not_found', `No MCP request '${requestId}' is waiting (it was answered or cancelled).`);
    if (entry.request.kind === 'elicitation' && response.action === 'accept') {
      const checked = validateWith(entry.request.requestedSchema as JsonSchema, response.content ?? {});
      if (!checked.ok)
        throw new StudioError('bad_input', 'The answer does not fit what the server asked for.', {
          issues: checked.issues,
        });
    }
    if (entry.request.kind === 'sampling' && response.action === 'cancel') response = { action: 'decline' };
    entry.resolve(response);
  }

  private ask(fields: Omit<McpPendingRequest, 'requestId' | 'at'>, signal: AbortSignal): Promise<McpResponse> {
    const request: McpPendingRequest = { requestId: `mcp-req-${nextId++}`, at: Date.now(), ...fields };
    return new Promise<McpResponse>((resolve) => {
      const settle = (response: McpResponse, outcome: string) => {
        if (!this.pending.delete(request.requestId)) return;
        signal.removeEventListener('abort', onAbort);
        this.emit('mcp.requestSettled', { requestId: request.requestId, outcome });
        resolve(response);
      };
      const onAbort = () => settle({ action: 'cancel' }, 'cancelled by the server');
      this.pending.set(request.requestId, { request, resolve: (r) => settle(r, r.action) });
      signal.addEventListener('abort', onAbort, { once: true });
      this.emit('mcp.request', request);
    });
  }
}
