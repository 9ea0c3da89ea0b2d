import {
  NO_BREAKPOINTS,
  type Breakpoints,
  type PauseState,
  type ResumeActionInput,
  type ToolArgs,
} from '../../shared/domain/debug';
import type { ErrorValue } from '../../shared/domain/errors';
import type { EventPayload } from '../../shared/ipc/contract';
import { toErrorValue } from '../lib/api-error';
import type { GetState, SetState } from './types';

/** What the user typed into a pause's card, kept here so scrolling a virtualized card away loses nothing. */
export interface PauseEdit {
  /** The tool call's arguments as the form holds them. */
  args?: ToolArgs;
  /** The model request as the JSON editor holds it (text: it may not parse yet). */
  requestText?: string;
}

export interface DebugSlice {
  /** The breakpoints of `breakpointsFor` (the persona on screen), as main stores them. */
  breakpoints: Breakpoints;
  breakpointsFor: string | null;
  /** The runs paused now, from main (`debug.state` and the `debug.*` events); one pause per run at most. */
  paused: PauseState[];
  pauseEdits: Record<string, PauseEdit>;
  /** The pause a resume is on its way for. */
  resuming: string | null;
  /** Main refused a resume (bad arguments, a stale pause): shown on that pause's card. */
  resumeError: { pauseId: string; error: ErrorValue } | null;
  loadBreakpoints(personaId: string): Promise<void>;
  /** Stores the persona's breakpoints (at once on screen, then in main; put back if main refuses). */
  setBreakpoints(next: Breakpoints): Promise<void>;
  /**
   * Asks main which runs are paused; when the chat shows no session and a run of `personaId` is paused, opens
   * that run's session (a reloaded window comes back to its paused run).
   */
  loadPaused(personaId?: string | null): Promise<void>;
  editPause(pauseId: string, edit: PauseEdit): void;
  /** Resumes the pause on screen; false when main refused (the run stays paused, the error shows). */
  resume(pause: PauseState, action: ResumeActionInput): Promise<boolean>;
  applyPaused(state: PauseState): void;
  applyResumed(payload: EventPayload<'debug.resumed'>): void;
  applyBreakpoints(payload: EventPayload<'debug.breakpoints'>): void;
}

/** The pause of the session on screen, if its run is paused. */
export function pauseOnScreen(s: Pick<DebugSlice, 'paused'> & { sessionId: string | null }): PauseState | null {
  if (!s.sessionId) return null;
  return s.paused.find((p) => p.sessionId === s.sessionId) ?? null;
}

/** How many breakpoints are set, for the toolbar's count. */
export function breakpointCount(b: Breakpoints): number {
  const tools = b.beforeTools.enabled ? Math.max(1, b.beforeTools.tools.length + b.beforeTools.conditions.length) : 0;
  return tools + (b.beforeModel ? 1 : 0) + (b.onToolError ? 1 : 0);
}

/** What "Pause before tools" covers now, in a few words. */
export function toolScope(b: Breakpoints): string {
  const { tools, conditions } = b.beforeTools;
  if (!tools.length && !conditions.length) return 'every tool call';
  const parts = [
    tools.length ? `${tools.length} tool${tools.length === 1 ? '' : 's'}` : '',
    conditions.length ? `${conditions.length} condition${conditions.length === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.join(', ');
}

export function createDebugSlice(set: SetState, get: GetState): DebugSlice {
  const withoutEdit = (edits: Record<string, PauseEdit>, pauseId: string) => {
    if (!(pauseId in edits)) return edits;
    const next = { ...edits };
    delete next[pauseId];
    return next;
  };
  return {
    breakpoints: NO_BREAKPOINTS,
    breakpointsFor: null,
    paused: [],
    pauseEdits: {},
    resuming: null,
    resumeError: null,
    async loadBreakpoints(personaId) {
      try {
        const { breakpoints } = await get().client.call('debug.getBreakpoints', { personaId });
        if (get().selectedId === personaId) set({ breakpoints, breakpointsFor: personaId });
      } catch (e) {
        get().toast('error', `The breakpoints could not be read: ${toErrorValue(e).message}`);
      }
    },
    async setBreakpoints(next) {
      const personaId = get().selectedId;
      if (!personaId) return;
      const before = get().breakpoints;
      set({ breakpoints: next, breakpointsFor: personaId });
      try {
        const { breakpoints } = await get().client.call('debug.setBreakpoints', { personaId, breakpoints: next });
        if (get().breakpointsFor === personaId && get().breakpoints === next) set({ breakpoints });
      } catch (e) {
        if (get().breakpoints === next) set({ breakpoints: before });
        get().toast('error', `The breakpoints could not be saved: ${toErrorValue(e).message}`);
      }
    },
    async loadPaused(personaId) {
      try {
        const { paused } = await get().client.call('debug.state', {});
        set({ paused });
        const mine = personaId ? paused.find((p) => p.personaId === personaId) : undefined;
        if (mine && !get().sessionId && get().selectedId === personaId) await get().openSession(mine.sessionId);
      } catch (e) {
        get().toast('error', `The paused runs could not be read: ${toErrorValue(e).message}`);
      }
    },
    editPause: (pauseId, edit) =>
      set((s) => ({ pauseEdits: { ...s.pauseEdits, [pauseId]: { ...s.pauseEdits[pauseId], ...edit } } })),
    async resume(pause, action) {
      if (get().resuming === pause.pauseId) return false;
      set({ resuming: pause.pauseId, resumeError: null });
      try {
        await get().client.call('debug.resume', { runId: pause.runId, pauseId: pause.pauseId, action });
        set((s) => ({
          resuming: null,
          paused: s.paused.filter((p) => p.pauseId !== pause.pauseId),
          pauseEdits: withoutEdit(s.pauseEdits, pause.pauseId),
        }));
        return true;
      } catch (e) {
        set({ resuming: null, resumeError: { pauseId: pause.pauseId, error: toErrorValue(e) } });
        return false;
      }
    },
    applyPaused: (state) =>
      set((s) => ({ paused: [...s.paused.filter((p) => p.runId !== state.runId), state], resumeError: null })),
    applyResumed: ({ pauseId }) =>
      set((s) => ({
        paused: s.paused.filter((p) => p.pauseId !== pauseId),
        pauseEdits: withoutEdit(s.pauseEdits, pauseId),
        resumeError: s.resumeError?.pauseId === pauseId ? null : s.resumeError,
      })),
    applyBreakpoints: ({ personaId, breakpoints }) => {
      if (get().selectedId === personaId) set({ breakpoints, breakpointsFor: personaId });
    },
  };
}
