import type { TraceEvent, TraceEventInput } from '../../../shared/domain/trace';
import { logger } from '../log';

const log = logger('trace');

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

  constructor(
    readonly runId: string,
    private readonly sink: (event: TraceEvent) => void = () => undefined,
  ) {}

  emit(draft: TraceDraft): TraceEvent {
    const event = {
      runId: this.runId,
      seq: this.seq++,
      at: Date.now(),
      iteration: this.iteration,
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
