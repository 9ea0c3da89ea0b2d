import type { SpanKind, TraceEvent, TraceEventInput } from '../../../shared/domain/trace';
import { logger } from '../log';

const log = logger('trace');

const parent = (id: string | undefined) => (id ? { parentSpanId: id } : {});

type WithoutIteration<E> = E extends unknown ? Omit<E, 'iteration'> & { iteration?: number } : never;
/** A trace event as the loop writes it: the tracer adds runId, seq, at and (unless given) the current iteration. */
export type TraceDraft = WithoutIteration<TraceEventInput>;

/**
 * Stamps a run's trace events (runId, seq from 0 without gaps, at, iteration) and hands them to the sink.
 * A sink that throws is logged and never breaks the run.
 */
export class RunTracer {
  /** The loop iteration stamped on events: 0 outside the loop, then 1..max, max+1 for the forced last answer. */
  iteration = 0;
  private seq = 0;
  private spans = 0;
  /** The span events are stamped with (undefined: top level). */
  private current: string | undefined;
  private readonly parents = new Map<string, string | undefined>();

  constructor(
    readonly runId: string,
    private readonly sink: (event: TraceEvent) => void = () => undefined,
  ) {}

  /** Opens a span under the current one and makes it current; returns its id. */
  openSpan(kind: SpanKind, title: string, text?: string): string {
    const spanId = `s${++this.spans}`;
    const parentSpanId = this.current;
    this.parents.set(spanId, parentSpanId);
    this.emit({ type: 'span_started', kind, title, ...(text ? { text } : {}), spanId, ...parent(parentSpanId) });
    this.current = spanId;
    return spanId;
  }

  /** Makes the span's parent current again without closing it (a candidate closed later, once the beam is chosen). */
  leaveSpan(spanId: string): void {
    this.current = this.parents.get(spanId);
  }

  /** Closes a span with what it produced; its parent becomes current. */
  closeSpan(spanId: string, result: { text?: string; score?: number; kept?: boolean; satisfactory?: boolean } = {}) {
    this.current = this.parents.get(spanId);
    this.emit({ type: 'span_finished', ...result, spanId, ...parent(this.current) });
  }

  emit(draft: TraceDraft): TraceEvent {
    const event = {
      runId: this.runId,
      seq: this.seq++,
      at: Date.now(),
      iteration: this.iteration,
      ...(this.current ? { spanId: this.current } : {}),
      ...draft,
    } as TraceEvent;
    try {
      this.sink(event);
    } catch (error) {
      log.error(`trace sink failed on ${event.type}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return event;
  }
}
