import type { ErrorValue } from '../../shared/domain/errors';
import type {
  McpLogEntry,
  McpPendingRequest,
  McpProgress,
  McpPromptMessage,
  McpResponse,
} from '../../shared/domain/mcp';
import type { EventPayload } from '../../shared/ipc/contract';
import { toErrorValue } from '../lib/api-error';
import type { GetState, SetState } from './types';

/** What a server's panel in the Tools pane shows: its tools, resources, prompts, or log. */
export type McpView = 'tools' | 'resources' | 'prompts' | 'log';

/** The most entries a server's log panel keeps (main keeps its own 500). */
const LOG_KEEP = 500;

export interface McpSlice {
  /** The MCP server whose resources, prompts or log fill the Tools pane (its tools: null or view 'tools'). */
  mcpPanel: { toolboxId: string; view: McpView } | null;
  /** Log entries per toolbox id, oldest first. */
  mcpLog: Record<string, McpLogEntry[]>;
  /** Requests from servers waiting for the user, oldest first: the first one's dialog is open. */
  mcpRequests: McpPendingRequest[];
  /** The error of the last answer to the open request (its form stays). */
  mcpRequestError: ErrorValue | null;
  /** Progress of running calls by progressKey: a manual call's callId, a loop call's run and tool call id. */
  toolProgress: Record<string, McpProgress>;
  /** Text for the chat composer ("Use in chat"); `nonce` makes a repeat apply again. */
  composerPrefill: { text: string; nonce: number } | null;
  showMcpPanel(toolboxId: string, view: McpView): void;
  loadMcpLog(toolboxId: string): Promise<{ logging: boolean }>;
  applyMcpLog(p: EventPayload<'mcp.log'>): void;
  loadMcpRequests(): Promise<void>;
  applyMcpRequest(r: McpPendingRequest): void;
  applyMcpSettled(p: EventPayload<'mcp.requestSettled'>): void;
  respondMcp(requestId: string, response: McpResponse): Promise<boolean>;
  applyProgress(p: EventPayload<'tools.progress'>): void;
  clearProgress(callId: string): void;
  /** Puts a prompt's messages into the composer and opens the chat. */
  usePromptInChat(messages: McpPromptMessage[]): void;
}

/** The seq of the last `method` notification a server sent (0: none): a list panel reloads when it changes. */
export function lastNotice(entries: McpLogEntry[] | undefined, method: string): number {
  for (let i = (entries?.length ?? 0) - 1; i >= 0; i--) if (entries![i].method === method) return entries![i].seq;
  return 0;
}

/** A prompt's messages as composer text: text blocks as they are, other content named; roles marked when mixed. */
export function promptText(messages: McpPromptMessage[]): string {
  const mixed = new Set(messages.map((m) => m.role)).size > 1;
  return messages
    .map((m) => {
      const c = m.content as {
        type: string;
        text?: string;
        mimeType?: string;
        resource?: { uri?: string; text?: string };
      };
      const body =
        c.type === 'text'
          ? (c.text ?? '')
          : c.type === 'resource'
            ? (c.resource?.text ?? `[resource ${c.resource?.uri ?? ''}]`)
            : `[${c.type}${c.mimeType ? ` ${c.mimeType}` : ''}]`;
      return mixed ? `${m.role}: ${body}` : body;
    })
    .join('\n\n');
}

let prefillNonce = 1;

/** Where a call's progress is kept: `callId` (manual), `runId/toolCallId` (the loop's ids repeat across runs). */
export const progressKey = (callId: string, runId: string | null) => (runId ? `${runId}/${callId}` : callId);

export function createMcpSlice(set: SetState, get: GetState): McpSlice {
  return {
    mcpPanel: null,
    mcpLog: {},
    mcpRequests: [],
    mcpRequestError: null,
    toolProgress: {},
    composerPrefill: null,
    showMcpPanel: (toolboxId, view) => set({ mcpPanel: { toolboxId, view } }),
    async loadMcpLog(toolboxId) {
      const personaId = get().selectedId ?? undefined;
      const { entries, logging } = await get().client.call('mcp.log', { personaId, toolboxId });
      set((s) => {
        const live = (s.mcpLog[toolboxId] ?? []).filter((e) => e.seq > (entries.at(-1)?.seq ?? 0));
        return { mcpLog: { ...s.mcpLog, [toolboxId]: [...entries, ...live].slice(-LOG_KEEP) } };
      });
      return { logging };
    },
    applyMcpLog({ personaId, toolboxId, entry }) {
      if (personaId !== get().selectedId) return;
      set((s) => {
        const list = s.mcpLog[toolboxId] ?? [];
        if (list.some((e) => e.seq === entry.seq)) return {};
        return { mcpLog: { ...s.mcpLog, [toolboxId]: [...list, entry].slice(-LOG_KEEP) } };
      });
    },
    async loadMcpRequests() {
      const { requests } = await get().client.call('mcp.pending', {});
      set({ mcpRequests: requests });
    },
    applyMcpRequest(r) {
      set((s) =>
        s.mcpRequests.some((x) => x.requestId === r.requestId) ? {} : { mcpRequests: [...s.mcpRequests, r] },
      );
    },
    applyMcpSettled({ requestId }) {
      set((s) => ({
        mcpRequests: s.mcpRequests.filter((r) => r.requestId !== requestId),
        mcpRequestError: s.mcpRequests[0]?.requestId === requestId ? null : s.mcpRequestError,
      }));
    },
    async respondMcp(requestId, response) {
      try {
        await get().client.call('mcp.respond', { requestId, ...response });
        set((s) => ({ mcpRequests: s.mcpRequests.filter((r) => r.requestId !== requestId), mcpRequestError: null }));
        return true;
      } catch (e) {
        const error = toErrorValue(e);
        // Gone already (the server cancelled it, another window answered): nothing is left to answer.
        if (error.code === 'not_found')
          set((s) => ({ mcpRequests: s.mcpRequests.filter((r) => r.requestId !== requestId), mcpRequestError: null }));
        else set({ mcpRequestError: error });
        return false;
      }
    },
    applyProgress({ callId, runId, progress, total, message }) {
      const key = progressKey(callId, runId);
      set((s) => ({ toolProgress: { ...s.toolProgress, [key]: { progress, total, message } } }));
    },
    clearProgress(callId) {
      set((s) => {
        if (!(callId in s.toolProgress)) return {};
        const { [callId]: _gone, ...rest } = s.toolProgress;
        return { toolProgress: rest };
      });
    },
    usePromptInChat(messages) {
      set({ composerPrefill: { text: promptText(messages), nonce: prefillNonce++ }, tab: 'chat' });
    },
  };
}
