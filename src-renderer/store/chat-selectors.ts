import type { TraceEvent } from '../../shared/domain/trace';
import type { TraceView } from '../lib/session-trace';
import type { TraceRow } from '../lib/trace-rows';
import type { ChatSlice } from './chat-slice';
import type { AppState } from './types';

/** The events of the session on screen. */
export function currentEvents(s: Pick<ChatSlice, 'sessionId' | 'eventsBySession'>): TraceEvent[] {
  return (s.sessionId && s.eventsBySession[s.sessionId]) || EMPTY;
}
const EMPTY: TraceEvent[] = [];

/** What the window shows of the session on screen, if it has events. */
export function currentTrace(s: Pick<ChatSlice, 'sessionId' | 'traceBySession'>): TraceView | null {
  return (s.sessionId && s.traceBySession[s.sessionId]) || null;
}

/** The trace rows of the session on screen. */
export function currentRows(s: Pick<ChatSlice, 'sessionId' | 'traceBySession'>): TraceRow[] {
  return currentTrace(s)?.rows ?? NO_ROWS;
}
const NO_ROWS: TraceRow[] = [];

/** The run in progress in the session on screen, if any. */
export function activeRunId(
  s: Pick<ChatSlice, 'sessionId' | 'traceBySession' | 'pendingRunId'> & Partial<Pick<ChatSlice, 'interruptedRuns'>>,
): string | null {
  const running = currentTrace(s)?.running;
  return (running && !s.interruptedRuns?.[running] ? running : null) ?? s.pendingRunId;
}

/** How far the active run has got (its iteration and limit), for the running badge. */
export function activeProgress(s: AppState): { iteration: number; max: number | null } | null {
  const runId = activeRunId(s);
  const progress = currentTrace(s)?.progress;
  return runId && progress?.runId === runId ? progress : null;
}
