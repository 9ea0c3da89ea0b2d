import { memorySummary } from '../../../shared/domain/memory-summary';
import type { TraceEvent } from '../../../shared/domain/trace';

type MemoryEvent = Extract<TraceEvent, { type: 'memory_context' }>;

/** What the persona's memory put into the request: one line, unfolding to the system context and the messages kept. */
export function MemoryRow({ event, open, onToggle }: { event: MemoryEvent; open: boolean; onToggle(): void }) {
  const hasDetails = !!event.system || event.history.length > 0;
  return (
    <div className="end memory" data-testid="trace-memory">
      <span>{memorySummary(event)}</span>
      {hasDetails && (
        <>
          {' '}
          <button className="small ghost" onClick={onToggle} aria-expanded={open}>
            {open ? 'Hide' : 'Show what memory sent'}
          </button>
        </>
      )}
      {event.warning && (
        <div className="memory-warning" role="note">
          {event.warning}
        </div>
      )}
      {open && hasDetails && (
        <pre className="json" data-testid="trace-memory-details">
          {[
            ...(event.system ? [`system:\n${event.system}`] : []),
            ...event.history.map((m) => `${m.role}: ${m.content}`),
          ].join('\n\n')}
        </pre>
      )}
    </div>
  );
}
