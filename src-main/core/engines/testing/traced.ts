import type { TraceEvent } from '../../../../shared/domain/trace';
import { RunTracer } from '../run-tracer';

/** A tracer for run `runId` that keeps every event it emits, for engine tests to read back. */
export function traced(runId = 'run-1') {
  const events: TraceEvent[] = [];
  return { events, tracer: new RunTracer(runId, (e) => events.push(e)) };
}
