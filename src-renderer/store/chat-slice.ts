import type { ErrorValue } from '../../shared/domain/errors';
import { TERMINAL_TRACE_TYPES, type TraceEvent } from '../../shared/domain/trace';
import type { EventPayload, MethodOutput, SessionSummary } from '../../shared/ipc/contract';
import { toErrorValue } from '../lib/api-error';
import { MAX_EVENTS, SessionTrace, type TraceView } from '../lib/session-trace';
import { activeRunId } from './chat-selectors';
import type { AppState, GetState, SetState } from './types';

const TERMINAL = new Set<string>(TERMINAL_TRACE_TYPES);

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
  /** What the window shows of each session (rows, running run), kept up to date event by event. */
  traceBySession: Record<string, TraceView>;
  sessions: SessionSummary[];
  sending: boolean;
  chatError: ErrorValue | null;
  /** The run this window started, until it ends. */
  pendingRunId: string | null;
  /** By session: the older events the window does not hold (null: none). */
  earlierBySession: Record<string, EarlierEvents | null>;
  /** Runs of loaded sessions whose end is not in the file and that are not going: never shown as running. */
  interruptedRuns: Record<string, true>;
  /** Starts a run; false when it could not start (the error is in chatError), so the composer keeps the text. */
  send(message: string): Promise<boolean>;
  cancelRun(): Promise<void>;
  loadSessions(): Promise<void>;
  openSession(sessionId: string): Promise<void>;
  /** Adds a page of the events before those the window holds of the session on screen. */
  loadEarlier(): Promise<void>;
  resetChat(): void;
  applyTrace(payload: EventPayload<'chat.trace'>): void;
  /**
   * Replaces an event that came with elided fields (or without its raw exchange) by the whole one from the session
   * file; null once done, else why it could not be (also shown as a toast).
   */
  loadFullEvent(event: TraceEvent): Promise<string | null>;
}

/** Events a session asks for first when it opens: what its first paint shows; the rest it keeps follow. */
const FIRST_WINDOW = 1_500;
/** Events one "Load earlier events" adds. */
const EARLIER_PAGE = 5_000;

/**
 * The events of a session the window does not hold: how many (about: counted by the file's lines), and where the
 * next page before them starts (`cursor`, from chat.loadSession; null once the window dropped some of its own).
 */
export interface EarlierEvents {
  count: number;
  cursor: number | null;
  /** A page of them is on its way. */
  loading: boolean;
}

export function createChatSlice(set: SetState, get: GetState): ChatSlice {
  const traces = new Map<string, SessionTrace>();
  /** Streamed deltas waiting for the next animation frame, in arrival order. */
  let deltas: EventPayload<'chat.trace'>[] = [];
  let frame = false;
  /** By session: adds the older events of a session that painted its newest first, if not done yet. */
  const older = new Map<string, () => void>();
  /** Adds events to a session's trace; the state to set when that changed something. */
  /** By session: oldest events the window dropped to stay within its limit (they join the earlier ones). */
  const dropped = new Map<string, number>();
  const add = (s: AppState, sessionId: string, events: TraceEvent[]): Partial<AppState> | null => {
    let trace = traces.get(sessionId);
    if (!trace) traces.set(sessionId, (trace = new SessionTrace()));
    if (!trace.add(events) && s.traceBySession[sessionId]) return null;
    const view = viewState(s, sessionId, trace);
    const lost = trace.dropped - (dropped.get(sessionId) ?? 0);
    if (!lost) return view;
    dropped.set(sessionId, trace.dropped);
    const was = s.earlierBySession[sessionId];
    const earlier = { count: (was?.count ?? 0) + lost, cursor: null, loading: false };
    return { ...view, earlierBySession: { ...s.earlierBySession, [sessionId]: earlier } };
  };
  const viewState = (s: AppState, sessionId: string, trace: SessionTrace): Partial<AppState> => {
    const view = trace.snapshot();
    return {
      eventsBySession: { ...s.eventsBySession, [sessionId]: view.events },
      traceBySession: { ...s.traceBySession, [sessionId]: view },
    };
  };
  /** Applies the waiting deltas, session by session, in one state change. */
  const flushDeltas = () => {
    if (!deltas.length) return;
    const batch = deltas;
    deltas = [];
    set((s) => {
      let next: AppState = s;
      const bySession = new Map<string, TraceEvent[]>();
      for (const { sessionId, event } of batch) {
        const list = bySession.get(sessionId);
        if (list) list.push(event);
        else bySession.set(sessionId, [event]);
      }
      for (const [sessionId, events] of bySession) next = { ...next, ...add(next, sessionId, events) };
      return next === s ? {} : { eventsBySession: next.eventsBySession, traceBySession: next.traceBySession };
    });
  };
  const nextFrame: (run: () => void) => void =
    typeof requestAnimationFrame === 'function' ? (run) => requestAnimationFrame(run) : (run) => setTimeout(run, 16);
  /** By session: the warnings its pages gave since it was last opened. */
  const warned = new Map<string, Set<string>>();
  /** Takes in what a page of a session says: its notices, interrupted runs, and what is older than it. */
  const takePage = (sessionId: string, page: MethodOutput<'chat.loadSession'>, more: boolean) => {
    // Pages of one session can repeat a warning (the events they share, lost writes): each is said once.
    const said = warned.get(sessionId) ?? new Set<string>();
    warned.set(sessionId, said);
    get().sessionNotices(
      sessionId,
      (page.warnings ?? []).filter((w) => !said.has(w) && said.add(w)),
    );
    const count = page.omitted ?? 0;
    set((s) => ({
      interruptedRuns: {
        ...s.interruptedRuns,
        ...Object.fromEntries((page.interruptedRunIds ?? []).map((id) => [id, true] as const)),
      },
      earlierBySession: {
        ...s.earlierBySession,
        [sessionId]: count && page.earlier !== undefined ? { count, cursor: page.earlier, loading: more } : null,
      },
    }));
  };
  /** Loads a page of a session's older events and puts them before those the window holds (all of them kept). */
  const loadOlder = async (sessionId: string, input: { before?: number; limit: number }): Promise<void> => {
    const page = await get().client.call('chat.loadSession', { sessionId, ...input });
    const trace = traces.get(sessionId);
    if (!trace) return;
    if (trace.addOlder(page.events)) set((s) => viewState(s, sessionId, trace));
    dropped.set(sessionId, trace.dropped);
    takePage(sessionId, page, false);
  };
  return {
    chatView: { flipped: new Set(), raw: new Set(), allCollapsed: false, anchors: new Map() },
    rememberChatView: (patch) => void Object.assign(get().chatView, patch),
    sessionId: null,
    eventsBySession: {},
    traceBySession: {},
    sessions: [],
    sending: false,
    chatError: null,
    pendingRunId: null,
    interruptedRuns: {},
    earlierBySession: {},
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
        flushDeltas();
        const ended = traces.get(sessionId)?.hasEnded(runId) ?? false;
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
        // An answer for a persona no longer picked (a slow listing overtaken by the next one) is dropped.
        if (get().selectedId !== personaId) return;
        set({ sessions: [...sessions].sort((a, b) => b.updatedAt - a.updatedAt) });
      } catch (e) {
        get().toast('error', `Sessions could not be listed: ${toErrorValue(e).message}`);
      }
    },
    async openSession(sessionId) {
      try {
        // A session not on screen yet paints its newest events first; the older ones it keeps follow that paint.
        warned.delete(sessionId);
        const held = traces.get(sessionId)?.size;
        const known = held !== undefined;
        // A session the window holds already is asked for as many events as it holds (earlier pages included).
        const page = await get().client.call('chat.loadSession', {
          sessionId,
          limit: known ? Math.max(MAX_EVENTS, held) : FIRST_WINDOW,
        });
        older.get(sessionId)?.();
        set((s) => ({ sessionId, chatError: null, pendingRunId: null, ...add(s, sessionId, page.events) }));
        const more = known || page.earlier === undefined ? 0 : MAX_EVENTS - page.events.length;
        takePage(sessionId, page, more > 0);
        if (!more) return;
        const addOlder = async () => {
          if (older.get(sessionId) !== addOlder) return;
          older.delete(sessionId);
          try {
            await loadOlder(sessionId, { before: page.earlier, limit: more });
          } catch (e) {
            // The newest events stay on screen; the older ones are one "Load earlier events" away.
            const earlier = get().earlierBySession[sessionId];
            if (earlier)
              set((s) => ({
                earlierBySession: { ...s.earlierBySession, [sessionId]: { ...earlier, loading: false } },
              }));
            get().toast('error', `Earlier events could not be loaded: ${toErrorValue(e).message}`);
          }
        };
        older.set(sessionId, addOlder);
        nextFrame(() => setTimeout(() => void addOlder(), 0));
      } catch (e) {
        get().toast('error', `The session could not be opened: ${toErrorValue(e).message}`);
      }
    },
    async loadEarlier() {
      const sessionId = get().sessionId;
      const earlier = sessionId ? get().earlierBySession[sessionId] : undefined;
      if (!sessionId || !earlier || earlier.loading) return;
      set((s) => ({ earlierBySession: { ...s.earlierBySession, [sessionId]: { ...earlier, loading: true } } }));
      const held = traces.get(sessionId)?.size ?? 0;
      // After the window dropped its oldest events, the page is counted from the end again.
      const input =
        earlier.cursor === null ? { limit: held + EARLIER_PAGE } : { before: earlier.cursor, limit: EARLIER_PAGE };
      try {
        await loadOlder(sessionId, input);
      } catch (e) {
        set((s) => ({ earlierBySession: { ...s.earlierBySession, [sessionId]: earlier } }));
        get().toast('error', `Earlier events could not be loaded: ${toErrorValue(e).message}`);
      }
    },
    resetChat: () => set({ sessionId: null, chatError: null, pendingRunId: null }),
    async loadFullEvent(event) {
      const sessionId = [...traces].find(([, trace]) => trace.has(event.runId, event.seq))?.[0];
      if (!sessionId) return 'The event is no longer in this window.';
      try {
        const { event: whole } = await get().client.call('chat.traceEvent', {
          sessionId,
          runId: event.runId,
          seq: event.seq,
        });
        const trace = traces.get(sessionId)!;
        if (!trace.replace(whole)) return 'The event is no longer in this window.';
        set((s) => viewState(s, sessionId, trace));
        return null;
      } catch (e) {
        const { message } = toErrorValue(e);
        get().toast('error', `The full event could not be loaded: ${message}`);
        return message;
      }
    },
    applyTrace(payload) {
      const { sessionId, event } = payload;
      if (event.type === 'answer_delta') {
        deltas.push(payload);
        if (!frame) {
          frame = true;
          nextFrame(() => {
            frame = false;
            flushDeltas();
          });
        }
        return;
      }
      flushDeltas();
      set((s) => {
        const ended = TERMINAL.has(event.type);
        return {
          ...add(s, sessionId, [event]),
          pendingRunId: ended && s.pendingRunId === event.runId ? null : s.pendingRunId,
          paused: ended ? s.paused.filter((p) => p.runId !== event.runId) : s.paused,
        };
      });
      if (TERMINAL.has(event.type)) void get().loadSessions();
    },
  };
}
