import type { ErrorValue } from '../../shared/domain/errors';
import { TERMINAL_TRACE_TYPES, type TraceEvent } from '../../shared/domain/trace';
import type { EventPayload, SessionSummary } from '../../shared/ipc/contract';
import { toErrorValue } from '../lib/api-error';
import { runningRunId } from '../lib/trace-rows';
import type { GetState, SetState } from './types';

const TERMINAL = new Set<string>(TERMINAL_TRACE_TYPES);

/** Events kept per session; a very long session keeps its newest events. */
const MAX_EVENTS = 20_000;

/**
 * How the chat pane looked (folded cards, open raw exchanges, the row at the top of the trace per session), so a
 * trip to the Tools tab and back, e.g. through "Open in form", returns to the same place. Mutated in place: it is
 * read when the pane mounts, never rendered from.
 */
export interface ChatViewMemory {
  flipped: Set<string>;
  raw: Set<string>;
  allCollapsed: boolean;
  /** First row on screen by session id; absent when the trace follows its end. */
  anchors: Map<string, number>;
}

export interface ChatSlice {
  chatView: ChatViewMemory;
  /** Updates the chat view memory in place (no re-render: the pane reads it when it mounts). */
  rememberChatView(patch: Partial<ChatViewMemory>): void;
  sessionId: string | null;
  /** Trace events by session, as they arrive live or are loaded from disk. */
  eventsBySession: Record<string, TraceEvent[]>;
  sessions: SessionSummary[];
  sending: boolean;
  chatError: ErrorValue | null;
  /** The run this window started, until it ends. */
  pendingRunId: string | null;
  /** Runs of loaded sessions whose end is not in the file and that are not going: never shown as running. */
  interruptedRuns: Record<string, true>;
  /** Starts a run; false when it could not start (the error is in chatError), so the composer keeps the text. */
  send(message: string): Promise<boolean>;
  cancelRun(): Promise<void>;
  loadSessions(): Promise<void>;
  openSession(sessionId: string): Promise<void>;
  resetChat(): void;
  applyTrace(payload: EventPayload<'chat.trace'>): void;
  /** Replaces an event that came with elided fields by the whole one from the session file. */
  loadFullEvent(event: TraceEvent): Promise<void>;
}

/** The events of the session on screen. */
export function currentEvents(s: Pick<ChatSlice, 'sessionId' | 'eventsBySession'>): TraceEvent[] {
  return (s.sessionId && s.eventsBySession[s.sessionId]) || EMPTY;
}
const EMPTY: TraceEvent[] = [];

/** The run in progress in the session on screen, if any. */
export function activeRunId(
  s: Pick<ChatSlice, 'sessionId' | 'eventsBySession' | 'pendingRunId'> & Partial<Pick<ChatSlice, 'interruptedRuns'>>,
): string | null {
  const running = runningRunId(currentEvents(s));
  return (running && !s.interruptedRuns?.[running] ? running : null) ?? s.pendingRunId;
}

export function createChatSlice(set: SetState, get: GetState): ChatSlice {
  return {
    chatView: { flipped: new Set(), raw: new Set(), allCollapsed: false, anchors: new Map() },
    rememberChatView: (patch) => void Object.assign(get().chatView, patch),
    sessionId: null,
    eventsBySession: {},
    sessions: [],
    sending: false,
    chatError: null,
    pendingRunId: null,
    interruptedRuns: {},
    async send(message) {
      const personaId = get().selectedId;
      const text = message.trim();
      if (!personaId || !text || get().sending) return false;
      set({ sending: true, chatError: null });
      try {
        const { runId, sessionId } = await get().client.call('chat.send', {
          personaId,
          sessionId: get().sessionId ?? undefined,
          message: text,
        });
        const ended = (get().eventsBySession[sessionId] ?? []).some((e) => e.runId === runId && TERMINAL.has(e.type));
        set({ sessionId, sending: false, pendingRunId: ended ? null : runId });
        return true;
      } catch (e) {
        const error = toErrorValue(e);
        if (error.code === 'approval_required') {
          // Programs of the persona are not approved: ask, and send this message once they are.
          set({ sending: false });
          await get().reviewPrograms(personaId, 'chat', text);
          return false;
        }
        set({ sending: false, chatError: error });
        return false;
      }
    },
    async cancelRun() {
      const runId = activeRunId(get());
      if (!runId) return;
      try {
        await get().client.call('chat.cancel', { runId });
      } catch (e) {
        get().toast('error', `Cancel failed: ${toErrorValue(e).message}`);
      }
    },
    async loadSessions() {
      const personaId = get().selectedId;
      if (!personaId) return set({ sessions: [] });
      try {
        const { sessions } = await get().client.call('chat.sessions', { personaId });
        set({ sessions: [...sessions].sort((a, b) => b.updatedAt - a.updatedAt) });
      } catch (e) {
        get().toast('error', `Sessions could not be listed: ${toErrorValue(e).message}`);
      }
    },
    async openSession(sessionId) {
      try {
        const { events, warnings, interruptedRunIds } = await get().client.call('chat.loadSession', {
          sessionId,
          limit: MAX_EVENTS,
        });
        get().sessionNotices(sessionId, warnings ?? []);
        set((s) => ({
          interruptedRuns: {
            ...s.interruptedRuns,
            ...Object.fromEntries((interruptedRunIds ?? []).map((id) => [id, true] as const)),
          },
          sessionId,
          chatError: null,
          pendingRunId: null,
          eventsBySession: { ...s.eventsBySession, [sessionId]: merge(s.eventsBySession[sessionId] ?? [], events) },
        }));
      } catch (e) {
        get().toast('error', `The session could not be opened: ${toErrorValue(e).message}`);
      }
    },
    resetChat: () => set({ sessionId: null, chatError: null, pendingRunId: null }),
    async loadFullEvent(event) {
      const sessionId = Object.keys(get().eventsBySession).find((id) =>
        get().eventsBySession[id].some((e) => e.runId === event.runId && e.seq === event.seq),
      );
      if (!sessionId) return;
      try {
        const { event: whole } = await get().client.call('chat.traceEvent', {
          sessionId,
          runId: event.runId,
          seq: event.seq,
        });
        set((s) => ({
          eventsBySession: {
            ...s.eventsBySession,
            [sessionId]: s.eventsBySession[sessionId].map((e) =>
              e.runId === whole.runId && e.seq === whole.seq ? whole : e,
            ),
          },
        }));
      } catch (e) {
        get().toast('error', `The full event could not be loaded: ${toErrorValue(e).message}`);
      }
    },
    applyTrace({ sessionId, event }) {
      set((s) => {
        const list = merge(s.eventsBySession[sessionId] ?? [], [event]);
        const ended = TERMINAL.has(event.type);
        return {
          eventsBySession: { ...s.eventsBySession, [sessionId]: list },
          pendingRunId: ended && s.pendingRunId === event.runId ? null : s.pendingRunId,
          paused: ended ? s.paused.filter((p) => p.runId !== event.runId) : s.paused,
        };
      });
      if (TERMINAL.has(event.type)) void get().loadSessions();
    },
  };
}

/** Appends events not seen yet (by runId + seq). */
function merge(list: TraceEvent[], add: TraceEvent[]): TraceEvent[] {
  if (!add.length) return list;
  const seen = new Set(list.map((e) => `${e.runId}:${e.seq}`));
  const fresh = add.filter((e) => !seen.has(`${e.runId}:${e.seq}`));
  if (!fresh.length) return list;
  const out = list.concat(fresh);
  return out.length > MAX_EVENTS ? out.slice(out.length - MAX_EVENTS) : out;
}
