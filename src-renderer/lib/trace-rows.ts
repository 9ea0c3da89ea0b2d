import type { PauseState } from '../../shared/domain/debug';
import type { ErrorValue } from '../../shared/domain/errors';
import type { SpanKind, TokenUsage, TraceEvent } from '../../shared/domain/trace';
import { TraceRowsBuilder, retractedTurns } from './trace-rows-builder';

type Ev<T extends TraceEvent['type']> = Extract<TraceEvent, { type: T }>;

/** A tool call's card: created by the assistant turn that asked for it, completed by its result or error. */
export interface ToolRow {
  kind: 'tool';
  key: string;
  runId: string;
  iteration: number;
  toolCallId: string;
  name: string;
  toolboxId: string | null;
  arguments: Record<string, unknown>;
  /** The model's arguments text when it was not valid JSON (the call was not run). */
  rawArguments?: string;
  status: 'pending' | 'running' | 'paused' | 'ok' | 'error' | 'abandoned';
  result?: unknown;
  content?: string;
  error?: ErrorValue;
  durationMs?: number;
  /** The model's arguments, when the user edited them in the debugger (`arguments` is what ran). */
  originalArguments?: Record<string, unknown>;
  mocked?: boolean;
  denied?: { reason: string | null };
  /** Time the call waited paused (not part of durationMs). */
  pausedMs?: number;
  /** The run waits here, in the debugger. */
  pause?: PauseState;
}

/**
 * Where a row sits in a multi-phase loop's tree: its depth (0 = top level, the only level of the one-level engines)
 * and the keys of the span rows above it, outermost first (folding one hides the rows under it).
 */
export interface Placement {
  depth?: number;
  parents?: string[];
}

/** A loop span's header row (a plan step, an episode, a candidate...): what it produced once it closed. */
export interface SpanRow {
  kind: 'span';
  key: string;
  runId: string;
  spanKind: SpanKind;
  title: string;
  text?: string;
  score?: number;
  kept?: boolean;
  satisfactory?: boolean;
  open: boolean;
  /** How many rows sit under it (0: a leaf, whose text is all there is to see). */
  children?: number;
}

/** One line of the trace pane, in display order. */
export type TraceRow = (
  | { kind: 'user'; key: string; runId: string; content: string }
  | { kind: 'memory'; key: string; runId: string; event: Ev<'memory_context'> }
  | { kind: 'iteration'; key: string; runId: string; iteration: number; max: number | null }
  | { kind: 'assistant'; key: string; runId: string; event: Ev<'assistant_message'> }
  | ToolRow
  | {
      kind: 'answer';
      key: string;
      runId: string;
      text: string;
      streaming: boolean;
      event: Ev<'assistant_message'> | null;
    }
  | {
      kind: 'end';
      key: string;
      runId: string;
      event: Ev<'run_finished'> | Ev<'run_failed'> | Ev<'run_cancelled'>;
      /** The run's brain turns' token counts, summed; absent when the provider reported none. */
      usage?: TokenUsage;
      /** A failed or cancelled run's user message (to try it again); absent when the run finished. */
      message?: string;
    }
  | { kind: 'waiting'; key: string; runId: string; text: string }
  | SpanRow
  | { kind: 'notice'; key: string; runId: string; event: Ev<'loop_notice'> }
  | { kind: 'model-pause'; key: string; runId: string; pause: PauseState }
) &
  Placement;

/**
 * How an iteration is named: "Iteration 2 of 5"; past the limit (the loop's one last request, sent without
 * tools after max_iterations) it says so instead of "Iteration 2 of 1".
 */
export function iterationLabel(iteration: number, max: number | null): string {
  if (max && iteration > max)
    return `Final answer, asked for without tools: the limit of ${max} iteration${max === 1 ? '' : 's'} was reached`;
  return `Iteration ${iteration}${max ? ` of ${max}` : ''}`;
}

/** Sorts a session's events run by run (in order of first appearance), each by seq, dropping duplicates. */
export function orderEvents(events: TraceEvent[]): TraceEvent[] {
  const runOrder = new Map<string, number>();
  const seen = new Set<string>();
  const unique: TraceEvent[] = [];
  for (const e of events) {
    if (!runOrder.has(e.runId)) runOrder.set(e.runId, runOrder.size);
    const k = `${e.runId}:${e.seq}`;
    if (seen.has(k)) continue;
    seen.add(k);
    unique.push(e);
  }
  return unique.sort((a, b) => runOrder.get(a.runId)! - runOrder.get(b.runId)! || a.seq - b.seq);
}

/**
 * Turns trace events into display rows, from scratch: per run the user turn, then per iteration the assistant turn
 * followed by one TOOL card per call (paired by toolCallId, in the order the model asked), then the streamed answer
 * and how the run ended. A live session keeps its rows up to date event by event instead (`SessionTrace`).
 */
export function buildTraceRows(events: TraceEvent[]): TraceRow[] {
  const ordered = orderEvents(events);
  const builder = new TraceRowsBuilder(retractedTurns(ordered));
  for (const e of ordered) builder.step(e);
  return builder.finish();
}

/** The rows to draw: those under a folded span row are left out (the span row itself stays). */
export function unfoldedRows(rows: TraceRow[], folded: (key: string) => boolean): TraceRow[] {
  if (!rows.some((r) => r.kind === 'span')) return rows;
  return rows.filter((r) => !r.parents?.some(folded));
}

/** While a run goes and nothing is visibly moving (no running tool, no streaming answer), say what it waits for. */
export function withWaitingRow(rows: TraceRow[], runId: string | null): TraceRow[] {
  if (!runId) return rows;
  const last = rows[rows.length - 1];
  if (last && last.runId === runId && last.kind === 'answer' && last.streaming) return rows;
  let pending = false;
  // A run's rows sit together, the running run's at the end: look at them only.
  for (let i = rows.length - 1, seen = false; i >= 0; i--) {
    const r = rows[i];
    if (r.runId !== runId) {
      if (seen) break;
      continue;
    }
    seen = true;
    if (r.kind !== 'tool') continue;
    if (r.status === 'running') return rows;
    if (r.status === 'pending') pending = true;
  }
  const text = pending ? 'Waiting for the tools…' : 'Waiting for the model…';
  return [...rows, { kind: 'waiting', key: `${runId}:waiting`, runId, text }];
}

/**
 * The run still going at the end of the events, if any: the last run started that has no end among them (in any
 * order: a fork's copied events can arrive after its live end).
 */
export function runningRunId(events: TraceEvent[]): string | null {
  const open = new Set<string>();
  const ended = new Set<string>();
  for (const e of events) {
    if (e.type === 'run_started' || e.type === 'user_message') open.add(e.runId);
    if (e.type === 'run_finished' || e.type === 'run_failed' || e.type === 'run_cancelled') ended.add(e.runId);
  }
  return [...open].filter((r) => !ended.has(r)).pop() ?? null;
}
