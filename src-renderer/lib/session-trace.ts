import type { TraceEvent } from '../../shared/domain/trace';
import { TraceRowsBuilder, retractedTurns } from './trace-rows-builder';
import { orderEvents, type TraceRow } from './trace-rows';

/** Events kept per session; a very long session keeps its newest events. */
export const MAX_EVENTS = 20_000;
/** Events past MAX_EVENTS before the oldest are dropped (the rows are then rebuilt: once per this many events). */
const TRIM_STEP = 1_000;

/** How far the newest run has got: its highest iteration and its limit. */
export interface RunProgress {
  runId: string;
  iteration: number;
  max: number | null;
}

/** What the window shows of one session; a new object (and new arrays) whenever something in it changed. */
export interface TraceView {
  /** The events as they arrived, once each (by runId + seq). */
  events: TraceEvent[];
  rows: TraceRow[];
  /** The run still going at the end of the events, if any. */
  running: string | null;
  progress: RunProgress | null;
}

const keyOf = (e: TraceEvent) => `${e.runId}:${e.seq}`;
const TERMINAL = new Set(['run_finished', 'run_failed', 'run_cancelled']);

/**
 * One session's trace kept up to date event by event: a key set drops what was seen, an event that comes in order
 * (the newest run, a higher seq) updates only the rows it touches, and the running run and its progress are tracked
 * as they change. Anything else (an older run's event, a replaced event, the oldest events dropped) rebuilds once.
 */
export class SessionTrace {
  private events: TraceEvent[] = [];
  private keys = new Set<string>();
  private lastSeq = new Map<string, number>();
  private lastRun: string | null = null;
  private open = new Set<string>();
  private closed = new Set<string>();
  private progress = new Map<string, RunProgress>();
  private builder = new TraceRowsBuilder();
  private stale = false;
  private dirty = true;
  private view: TraceView | null = null;
  /** Events kept: MAX_EVENTS, and more once the user asked for earlier ones. */
  private keep = MAX_EVENTS;
  /** Oldest events dropped so far to stay within `keep` (the window no longer holds them). */
  dropped = 0;

  constructor(events: TraceEvent[] = []) {
    this.builder.finish();
    this.add(events);
  }

  /** Takes events as they come; false when all of them were known already. */
  add(events: TraceEvent[]): boolean {
    // Of a batch past the limit only its newest events can be kept.
    if (events.length > this.keep) events = events.slice(events.length - this.keep);
    let fresh = false;
    for (const e of events) {
      const k = keyOf(e);
      if (this.keys.has(k)) continue;
      this.keys.add(k);
      fresh = true;
      this.events.push(e);
      this.track(e);
      if (this.stale) continue;
      const known = this.lastSeq.has(e.runId);
      if ((known && (this.lastRun !== e.runId || e.seq < this.lastSeq.get(e.runId)!)) || !this.builder.step(e)) {
        this.stale = true;
        continue;
      }
      this.lastSeq.set(e.runId, e.seq);
      this.lastRun = e.runId;
    }
    if (!fresh) return false;
    this.dirty = true;
    if (this.events.length > this.keep + TRIM_STEP) this.trim();
    return true;
  }

  /**
   * Takes events older than those it has (a session sent newest first, or earlier events the user asked for): they
   * go before them and are all kept (the limit grows to hold them), the rows are rebuilt once. False when all of
   * them were known already.
   */
  addOlder(events: TraceEvent[]): boolean {
    const fresh = events.filter((e) => !this.keys.has(keyOf(e)));
    if (!fresh.length) return false;
    this.keep = Math.max(this.keep, this.events.length + fresh.length);
    this.events = fresh.concat(this.events);
    this.reindex();
    return true;
  }

  /** Puts `event` in place of the one with its runId and seq (the whole event behind an elided one). */
  replace(event: TraceEvent): boolean {
    const i = this.events.findIndex((e) => e.runId === event.runId && e.seq === event.seq);
    if (i < 0) return false;
    this.events[i] = event;
    this.stale = this.dirty = true;
    return true;
  }

  has(runId: string, seq: number): boolean {
    return this.keys.has(`${runId}:${seq}`);
  }

  /** The run's end is among the events. */
  hasEnded(runId: string): boolean {
    if (this.stale) this.rebuild();
    return this.builder.ended.has(runId);
  }

  /** The current view; the same object until something changes. */
  snapshot(): TraceView {
    if (this.stale) this.rebuild();
    if (this.dirty || !this.view) {
      const running = [...this.open].pop() ?? null;
      this.view = {
        events: this.events,
        rows: this.builder.rows,
        running,
        progress: this.progress.get(running ?? this.lastRun ?? '') ?? null,
      };
      this.events = this.events.slice();
      this.builder.rows = this.builder.rows.slice();
      this.dirty = false;
    }
    return this.view;
  }

  private track(e: TraceEvent) {
    if ((e.type === 'run_started' || e.type === 'user_message') && !this.closed.has(e.runId)) this.open.add(e.runId);
    if (TERMINAL.has(e.type)) {
      this.closed.add(e.runId);
      this.open.delete(e.runId);
    }
    const p = this.progress.get(e.runId);
    const iteration = Math.max(p?.iteration ?? 0, e.iteration);
    const max = e.type === 'run_started' ? e.maxIterations : (p?.max ?? null);
    if (!p || p.iteration !== iteration || p.max !== max)
      this.progress.set(e.runId, { runId: e.runId, iteration, max });
  }

  /** How many events it holds. */
  get size(): number {
    return this.events.length;
  }

  private trim() {
    this.dropped += this.events.length - this.keep;
    this.events = this.events.slice(this.events.length - this.keep);
    this.reindex();
  }

  /** After the event list changed other than at its end: the key set, running runs and progress anew, rows stale. */
  private reindex() {
    this.keys = new Set(this.events.map(keyOf));
    this.open = new Set();
    this.closed = new Set();
    this.progress = new Map();
    for (const e of this.events) this.track(e);
    this.stale = this.dirty = true;
  }

  private rebuild() {
    const ordered = orderEvents(this.events);
    this.builder = new TraceRowsBuilder(retractedTurns(ordered));
    for (const e of ordered) this.builder.step(e);
    this.builder.finish();
    this.lastSeq = new Map();
    for (const e of ordered) this.lastSeq.set(e.runId, e.seq);
    this.lastRun = ordered.at(-1)?.runId ?? null;
    this.stale = false;
    this.dirty = true;
  }
}
