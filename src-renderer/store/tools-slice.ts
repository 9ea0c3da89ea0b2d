import {
  MAX_HISTORY_PER_TOOL,
  type CallHistoryEntry,
  type CallOutcome,
  type SavedCall,
} from '../../shared/domain/call-history';
import type { ErrorValue } from '../../shared/domain/errors';
import type { ToolboxInfo, ToolInfo } from '../../shared/domain/tool';
import { withToolEnabled } from '../../shared/domain/tool-switches';
import { toErrorValue } from '../lib/api-error';
import type { GetState, SetState } from './types';

/** How a manual call ended (as the history keeps it: a big result may be left out, `omittedChars`). */
export type ToolOutcome = CallOutcome;

/** One manual call of a tool, kept (per persona, in the data folder) so it can be re-run or saved. */
export type HistoryEntry = CallHistoryEntry;

export interface ToolRef {
  toolboxId: string;
  name: string;
}

/** Arguments to put into a tool's form (from a traced call); `nonce` makes repeats apply again. */
export interface Prefill extends ToolRef {
  args: Record<string, unknown>;
  nonce: number;
}

export interface ToolsSlice {
  toolboxes: ToolboxInfo[];
  toolsLoading: boolean;
  toolsError: ErrorValue | null;
  selectedTool: ToolRef | null;
  prefill: Prefill | null;
  /** The selected persona's manual calls by tool (toolKey), newest first: kept in the data folder. */
  history: Record<string, HistoryEntry[]>;
  /** The selected persona's saved calls, newest first. */
  savedCalls: SavedCall[];
  /** Why the history could not be read (it then holds this window's calls only). */
  historyError: ErrorValue | null;
  /** Whose calls `history` holds (undefined: nobody's yet). */
  historyPersonaId?: string | null;
  calling: string | null;
  loadTools(personaId: string | null): Promise<void>;
  refreshTools(): Promise<void>;
  selectTool(ref: ToolRef | null): void;
  /** Opens a traced call in its tool form, with the model's arguments. */
  openToolCall(toolboxId: string | null, name: string, args: Record<string, unknown>): boolean;
  callTool(ref: ToolRef, args: Record<string, unknown>): Promise<HistoryEntry>;
  /** Reads the persona's history and saved calls (or those of calls without a persona). */
  loadHistory(personaId: string | null): Promise<void>;
  /** Keeps a history entry as a saved call with this name; false when refused (a toast says why). */
  saveCall(entry: HistoryEntry, label: string): Promise<boolean>;
  renameCall(saved: SavedCall, label: string): Promise<boolean>;
  deleteCall(saved: SavedCall): Promise<void>;
  /** Turns a tool of the selected persona on or off (saved in its persona_studio block); the list reloads. */
  setToolEnabled(ref: ToolRef, enabled: boolean): Promise<void>;
}

export const toolKey = (ref: ToolRef) => `${ref.toolboxId}/${ref.name}`;

/** Finds a tool by toolbox and name, or by the name the model used. */
export function findTool(toolboxes: ToolboxInfo[], toolboxId: string | null, name: string): ToolInfo | null {
  for (const tb of toolboxes) {
    for (const t of tb.tools) {
      if (
        toolboxId
          ? tb.toolboxId === toolboxId && (t.name === name || t.modelName === name)
          : t.modelName === name || t.name === name
      )
        return t;
    }
  }
  return null;
}

let entryId = 1;

/** Entries by tool, newest first. */
function byTool(entries: HistoryEntry[]): Record<string, HistoryEntry[]> {
  const out: Record<string, HistoryEntry[]> = {};
  for (const e of entries) (out[toolKey(e)] ??= []).push(e);
  return out;
}
let nonce = 1;

export function createToolsSlice(set: SetState, get: GetState): ToolsSlice {
  return {
    toolboxes: [],
    toolsLoading: false,
    toolsError: null,
    selectedTool: null,
    prefill: null,
    history: {},
    savedCalls: [],
    historyError: null,
    calling: null,
    async loadTools(personaId) {
      set({ toolsLoading: true });
      void get().loadHistory(personaId);
      try {
        const { toolboxes } = await get().client.call('toolboxes.list', personaId ? { personaId } : {});
        if (personaId !== get().selectedId) return;
        const sel = get().selectedTool;
        const keep = sel && findTool(toolboxes, sel.toolboxId, sel.name);
        set({ toolboxes, toolsLoading: false, toolsError: null, selectedTool: keep ? sel : null });
      } catch (e) {
        set({ toolsLoading: false, toolsError: toErrorValue(e), toolboxes: [] });
      }
    },
    async refreshTools() {
      const personaId = get().selectedId;
      if (!personaId) return;
      set({ toolsLoading: true });
      try {
        const { toolboxes } = await get().client.call('toolboxes.refresh', { personaId });
        set({ toolboxes, toolsLoading: false, toolsError: null });
      } catch (e) {
        set({ toolsLoading: false, toolsError: toErrorValue(e) });
      }
    },
    selectTool: (selectedTool) => set({ selectedTool }),
    openToolCall(toolboxId, name, args) {
      const tool = findTool(get().toolboxes, toolboxId, name);
      if (!tool) {
        get().toast(
          'error',
          `“${name}” is not one of this persona's tools (now): there is no form to open. Check its toolboxes in the Editor.`,
        );
        return false;
      }
      const ref = { toolboxId: tool.toolboxId, name: tool.name };
      set({ selectedTool: ref, prefill: { ...ref, args, nonce: nonce++ }, tab: 'tools' });
      return true;
    },
    async setToolEnabled(ref, enabled) {
      const personaId = get().selectedId;
      if (!personaId) return;
      try {
        const record = await get().client.call('tools.setEnabled', { personaId, ...ref, enabled });
        // The editor keeps its unsaved edits, with the switch applied to them too.
        const draft = get().draft;
        set({
          record,
          savedJson: JSON.stringify(record.persona),
          ...(draft ? { draft: withToolEnabled(draft, ref.toolboxId, ref.name, enabled) } : {}),
        });
        await get().loadTools(personaId);
      } catch (e) {
        get().toast(
          'error',
          `The tool “${ref.name}” could not be turned ${enabled ? 'on' : 'off'}: ${toErrorValue(e).message}`,
        );
      }
    },
    async callTool(ref, args) {
      const personaId = get().selectedId ?? undefined;
      const started = performance.now();
      set({ calling: toolKey(ref) });
      let outcome: ToolOutcome;
      try {
        const r = await get().client.call('tools.call', {
          personaId,
          toolboxId: ref.toolboxId,
          name: ref.name,
          arguments: args,
        });
        outcome = { ok: true, result: r.result, durationMs: r.durationMs };
      } catch (e) {
        outcome = { ok: false, error: toErrorValue(e), durationMs: Math.round(performance.now() - started) };
      }
      const entry: HistoryEntry = {
        id: `local-${entryId++}`,
        at: Date.now(),
        ...ref,
        args,
        masked: [],
        outcome,
      };
      const key = toolKey(ref);
      set((s) => {
        // This window's calls belong to the selected persona: another one's history is not kept beside them.
        const mine = s.historyPersonaId === (personaId ?? null) ? s.history : {};
        return {
          calling: null,
          history: { ...mine, [key]: [entry, ...(mine[key] ?? [])].slice(0, MAX_HISTORY_PER_TOOL) },
          historyPersonaId: personaId ?? null,
        };
      });
      // The call is in the stored history now (main records it, secrets left out): show that one.
      await get().loadHistory(personaId ?? null);
      return entry;
    },
    async loadHistory(personaId) {
      try {
        const { entries, saved } = await get().client.call('tools.history', personaId ? { personaId } : {});
        if (personaId !== get().selectedId) return;
        set({ history: byTool(entries), savedCalls: saved, historyError: null, historyPersonaId: personaId });
      } catch (e) {
        if (personaId !== get().selectedId) return;
        // Another persona's calls are not shown for this one; this window's own calls stay.
        if (get().historyPersonaId !== personaId) set({ history: {}, savedCalls: [], historyPersonaId: personaId });
        set({ historyError: toErrorValue(e) });
      }
    },
    async saveCall(entry, label) {
      const personaId = get().selectedId ?? undefined;
      try {
        const saved = await get().client.call('tools.saveCall', { personaId, entryId: entry.id, label });
        set((s) => ({ savedCalls: [saved, ...s.savedCalls] }));
        get().toast('info', `Saved the call as “${saved.label}”.`);
        return true;
      } catch (e) {
        get().toast('error', `The call could not be saved: ${toErrorValue(e).message}`);
        return false;
      }
    },
    async renameCall(saved, label) {
      const personaId = get().selectedId ?? undefined;
      try {
        const renamed = await get().client.call('tools.renameCall', { personaId, savedId: saved.id, label });
        set((s) => ({ savedCalls: s.savedCalls.map((c) => (c.id === renamed.id ? renamed : c)) }));
        return true;
      } catch (e) {
        get().toast('error', `The saved call “${saved.label}” could not be renamed: ${toErrorValue(e).message}`);
        return false;
      }
    },
    async deleteCall(saved) {
      const personaId = get().selectedId ?? undefined;
      try {
        await get().client.call('tools.deleteCall', { personaId, savedId: saved.id });
        set((s) => ({ savedCalls: s.savedCalls.filter((c) => c.id !== saved.id) }));
        get().toast('info', `Deleted the saved call “${saved.label}”.`);
      } catch (e) {
        get().toast('error', `The saved call “${saved.label}” could not be deleted: ${toErrorValue(e).message}`);
      }
    },
  };
}
