import type { ErrorValue } from '../../shared/domain/errors';
import type { ToolboxInfo, ToolInfo } from '../../shared/domain/tool';
import { withToolEnabled } from '../../shared/domain/tool-switches';
import { toErrorValue } from '../lib/api-error';
import type { GetState, SetState } from './types';

export type ToolOutcome =
  { ok: true; result: unknown; durationMs: number } | { ok: false; error: ErrorValue; durationMs: number };

/** One manual call of a tool, kept so it can be re-run. */
export interface HistoryEntry {
  id: number;
  at: number;
  args: Record<string, unknown>;
  outcome: ToolOutcome;
}

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
  history: Record<string, HistoryEntry[]>;
  calling: string | null;
  loadTools(personaId: string | null): Promise<void>;
  refreshTools(): Promise<void>;
  selectTool(ref: ToolRef | null): void;
  /** Opens a traced call in its tool form, with the model's arguments. */
  openToolCall(toolboxId: string | null, name: string, args: Record<string, unknown>): boolean;
  callTool(ref: ToolRef, args: Record<string, unknown>): Promise<HistoryEntry>;
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
let nonce = 1;

export function createToolsSlice(set: SetState, get: GetState): ToolsSlice {
  return {
    toolboxes: [],
    toolsLoading: false,
    toolsError: null,
    selectedTool: null,
    prefill: null,
    history: {},
    calling: null,
    async loadTools(personaId) {
      set({ toolsLoading: true });
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
      const entry: HistoryEntry = { id: entryId++, at: Date.now(), args, outcome };
      const key = toolKey(ref);
      set((s) => ({
        calling: null,
        history: { ...s.history, [key]: [entry, ...(s.history[key] ?? [])].slice(0, 50) },
      }));
      return entry;
    },
  };
}
