import type { AgentMessage } from '../../../shared/domain/message';
import { exhaustive } from '../../../shared/domain/exhaustive';
import type { TraceEvent } from '../../../shared/domain/trace';
import type { SessionSummary } from '../../../shared/ipc/contract';

const TITLE_MAX = 60;

/** What a session's summary is made of, folded one event at a time (the session index keeps it). */
export interface SummaryState {
  personaId: string | null;
  personaName: string;
  /** The first user message, already cut to a title; null before one. */
  title: string | null;
  startedAt: number | null;
  updatedAt: number | null;
  runs: number;
  /** A run_started was seen (persona fields are set). */
  started: boolean;
  /** The persona version the last run recorded; absent when none did. */
  personaVersion?: string;
}

export function emptySummaryState(): SummaryState {
  return { personaId: null, personaName: '', title: null, startedAt: null, updatedAt: null, runs: 0, started: false };
}

/** Folds one event (or a line of it with the fields the summary reads) into the state. */
export function foldSummary(
  state: SummaryState,
  event: Pick<TraceEvent, 'type' | 'at'> & {
    personaId?: string | null;
    personaName?: string;
    content?: unknown;
    personaVersion?: unknown;
  },
): void {
  state.startedAt ??= event.at;
  state.updatedAt = event.at;
  if (event.type === 'run_started') {
    state.runs++;
    if (typeof event.personaVersion === 'string' && event.personaVersion.length <= 64)
      state.personaVersion = event.personaVersion;
    if (!state.started) {
      state.started = true;
      state.personaId = event.personaId ?? null;
      state.personaName = event.personaName ?? '';
    }
  }
  if (event.type === 'user_message' && state.title === null && typeof event.content === 'string') {
    const text = event.content.replace(/\s+/g, ' ').trim();
    state.title = text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text;
  }
}

/** The summary a folded state gives. */
export function summaryOf(sessionId: string, state: SummaryState, fallbackTime: number): SessionSummary {
  return {
    sessionId,
    personaId: state.personaId,
    personaName: state.personaName,
    title: state.title || '(empty session)',
    startedAt: state.startedAt ?? fallbackTime,
    updatedAt: state.updatedAt ?? fallbackTime,
    runs: state.runs,
    ...(state.personaVersion ? { personaVersion: state.personaVersion } : {}),
  };
}

/** A session's summary from its events: persona from the first run, title from the first user message. */
export function summarize(sessionId: string, events: TraceEvent[], fallbackTime: number): SessionSummary {
  const state = emptySummaryState();
  for (const event of events) foldSummary(state, event);
  return summaryOf(sessionId, state, fallbackTime);
}

/**
 * The conversation so far, to continue it: per run, the user message and (when the run finished) its answer.
 * Tool exchanges stay in the trace but are not replayed: like OVOS's short-term memory, the next turn sees
 * utterance / answer pairs, and a cancelled run never leaves a dangling tool call.
 */
export function historyFromEvents(events: TraceEvent[]): AgentMessage[] {
  const history: AgentMessage[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'user_message':
        history.push({ role: 'user', content: event.content });
        break;
      case 'run_finished':
        history.push({ role: 'assistant', content: event.answer });
        break;
      case 'run_started':
      case 'assistant_message':
      case 'tool_started':
      case 'tool_result':
      case 'tool_error':
      case 'answer_delta':
      case 'run_failed':
      case 'run_cancelled':
      case 'memory_context':
      case 'span_started':
      case 'span_finished':
      case 'loop_notice':
        break;
      default:
        exhaustive(event);
    }
  }
  return history;
}
