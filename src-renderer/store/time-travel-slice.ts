import type { ErrorValue } from '../../shared/domain/errors';
import type { RunDiff } from '../../shared/domain/run-diff';
import type { TraceEvent } from '../../shared/domain/trace';
import type { ToolCall } from '../../shared/domain/message';
import type { ForkEdit, ForkPoint, RerunTarget } from '../../shared/domain/time-travel';
import type { MethodInput } from '../../shared/ipc/contract';
import { toErrorValue } from '../lib/api-error';
import { isDirty } from './personas-slice';
import type { GetState, SetState } from './types';

/**
 * A step the user asked to fork at, with what the editor starts from (the recorded step). `sessionId`: the stored
 * session it is in (default: the one on screen in Chat); or `trace`, for a run shown elsewhere (the Tests screen).
 */
export type ForkRequest = {
  sessionId?: string;
  /** A trace that is not a stored session (a test case's run): its events, its persona, words naming it. */
  trace?: { personaId: string; events: TraceEvent[]; from: string };
} & (
  | { kind: 'user'; runId: string; content: string }
  | { kind: 'assistant'; runId: string; seq: number; content: string; toolCalls: ToolCall[] }
  | {
      kind: 'tool';
      runId: string;
      toolCallId: string;
      name: string;
      toolboxId: string | null;
      /** The recorded result (or {} for an error). */
      result: Record<string, unknown>;
    }
);

/** The fork point of a request. */
export function pointOf(request: ForkRequest): ForkPoint {
  switch (request.kind) {
    case 'user':
      return { kind: 'user', runId: request.runId };
    case 'assistant':
      return { kind: 'assistant', runId: request.runId, seq: request.seq };
    case 'tool':
      return { kind: 'tool', runId: request.runId, toolCallId: request.toolCallId };
  }
}

/** The trace row a fork point is on (to bring it into view in the parent session). */
export function rowKeyOf(point: ForkPoint, userRowKey?: string): string {
  switch (point.kind) {
    case 'user':
      return userRowKey ?? `${point.runId}:user`;
    case 'assistant':
      return `${point.runId}:assistant:${point.seq}`;
    case 'tool':
      return `${point.runId}:tool:${point.toolCallId}`;
  }
}

export interface TimeTravelSlice {
  /** The step being edited before a fork; null when no fork dialog is open. */
  forking: ForkRequest | null;
  forkBusy: boolean;
  forkError: ErrorValue | null;
  openFork(request: ForkRequest | null): void;
  /** Forks the session on screen at the open request with `edit`, then shows the fork as it goes on. */
  fork(edit: ForkEdit): Promise<boolean>;
  /** The "Re-run with…" dialog is open. */
  rerunOpen: boolean;
  rerunError: ErrorValue | null;
  openRerun(open: boolean): void;
  /** Runs the session on screen again against `target`, in a new session that is then shown. */
  rerun(target: MethodInput<'sessions.rerun'>['target']): Promise<boolean>;
  /** The diff view: the two sessions compared (A, B), their diff once computed; null when closed. */
  diffPair: { a: string; b: string } | null;
  runDiff: RunDiff | null;
  diffError: ErrorValue | null;
  /** Opens the diff view with `a` (default: the session on screen) and its fork, parent or the next session. */
  openDiff(a?: string | null): void;
  closeDiff(): void;
  /** Compares two sessions (shown in the diff view). */
  compare(a: string, b: string): Promise<void>;
  /** A row to bring into view once (the step a fork came from); cleared when shown. */
  revealKey: string | null;
  /** Opens a fork's parent session at the step the fork came from. */
  openOrigin(sessionId: string, point: ForkPoint): Promise<void>;
  /** Shows a session main has just written (a fork, a re-run, an opened or re-run bundle) and lists it. */
  showNewSession(sessionId: string): Promise<void>;
}

export function createTimeTravelSlice(set: SetState, get: GetState): TimeTravelSlice {
  /** Shows a session main has just written and lists it; a run going on in it shows as running from its events. */
  const show = async (sessionId: string) => {
    set({ sessionId, chatError: null, pendingRunId: null, revealKey: null });
    await get().openSession(sessionId);
    void get().loadSessions();
  };
  return {
    forking: null,
    forkBusy: false,
    forkError: null,
    openFork: (request) => set({ forking: request, forkError: null }),
    async fork(edit) {
      const request = get().forking;
      const sessionId = request?.sessionId ?? get().sessionId;
      if (!request || (!sessionId && !request.trace)) return false;
      set({ forkBusy: true, forkError: null });
      try {
        const source = request.trace ? { trace: request.trace } : { sessionId: sessionId! };
        const out = await get().client.call('sessions.fork', { ...source, point: pointOf(request), edit });
        set({ forkBusy: false, forking: null });
        get().setTab('chat');
        await show(out.sessionId);
        return true;
      } catch (e) {
        set({ forkBusy: false, forkError: toErrorValue(e) });
        return false;
      }
    },
    rerunOpen: false,
    rerunError: null,
    openRerun: (open) => set({ rerunOpen: open, rerunError: null }),
    async rerun(target) {
      const sessionId = get().sessionId;
      if (!sessionId) return false;
      try {
        const out = await get().client.call('sessions.rerun', { sessionId, target: target as RerunTarget });
        set({ rerunOpen: false });
        // A re-run against another persona is that persona's session: show it among them (unsaved edits stay put).
        if (target.personaId && target.personaId !== get().selectedId && !isDirty(get()))
          await get().selectPersona(target.personaId);
        await show(out.sessionId);
        return true;
      } catch (e) {
        set({ rerunError: toErrorValue(e) });
        return false;
      }
    },
    diffPair: null,
    runDiff: null,
    diffError: null,
    openDiff(a) {
      const sessions = get().sessions;
      const first = a ?? get().sessionId ?? sessions[0]?.sessionId;
      if (!first) return;
      const mine = sessions.find((s) => s.sessionId === first);
      const b =
        mine?.origin?.sessionId ??
        sessions.find((s) => s.origin?.sessionId === first)?.sessionId ??
        sessions.find((s) => s.sessionId !== first)?.sessionId ??
        first;
      // A fork or re-run is B, the session it came from A.
      const pair = mine?.origin ? { a: b, b: first } : { a: first, b };
      set({ diffPair: pair, runDiff: null, diffError: null });
      void get().compare(pair.a, pair.b);
    },
    closeDiff: () => set({ diffPair: null, runDiff: null, diffError: null }),
    async compare(a, b) {
      set({ diffPair: { a, b }, diffError: null });
      try {
        const diff = await get().client.call('sessions.diff', { a, b });
        if (get().diffPair?.a === a && get().diffPair?.b === b) set({ runDiff: diff });
      } catch (e) {
        set({ diffError: toErrorValue(e), runDiff: null });
      }
    },
    revealKey: null,
    async openOrigin(sessionId, point) {
      await get().openSession(sessionId);
      const events = get().eventsBySession[sessionId] ?? [];
      const user = events.find((e) => e.runId === point.runId && e.type === 'user_message');
      set({ revealKey: rowKeyOf(point, user ? `${user.runId}:user:${user.seq}` : undefined) });
    },
    showNewSession: show,
  };
}
