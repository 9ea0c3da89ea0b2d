import type { ToolArgs } from '../../../shared/domain/debug';
import type { TraceEvent } from '../../../shared/domain/trace';
import { argChanges, pausedFor } from './debug-rows';
import type { ToolRow } from './trace-rows';

const show = (v: unknown) => JSON.stringify(v) ?? 'undefined';

/** The argument-by-argument difference between the model's call and the user's edit; nothing when they agree. */
export function ArgsDiff({ original, edited, testId }: { original: ToolArgs; edited: ToolArgs; testId?: string }) {
  const changes = argChanges(original, edited);
  if (!changes.length) return null;
  return (
    <div className="args-diff small mono" data-testid={testId ?? 'args-diff'} aria-label="Edited arguments">
      {changes.map((c) => (
        <div key={c.key} className={`diff-${c.kind}`}>
          <span className="muted">{c.key}: </span>
          {c.kind !== 'added' && <del title="the model's">{show(c.before)}</del>}
          {c.kind === 'changed' && <span className="muted"> → </span>}
          {c.kind !== 'removed' && <ins title="what ran">{show(c.after)}</ins>}
        </div>
      ))}
    </div>
  );
}

/** The badges of what the debugger did to a finished call: edited, mocked, denied (its reason in the tooltip). */
export function DebugBadges({ row }: { row: ToolRow }) {
  return (
    <>
      {row.originalArguments && (
        <span className="badge paused" data-testid="badge-edited" title="The user edited the model's arguments">
          edited
        </span>
      )}
      {row.mocked && (
        <span
          className="badge paused"
          data-testid="badge-mocked"
          title="The tool did not run: the user entered its result"
        >
          mocked
        </span>
      )}
      {row.denied && (
        <span
          className="badge err"
          data-testid="badge-denied"
          title={row.denied.reason ? `Reason: ${row.denied.reason}` : 'Denied without a reason'}
        >
          denied
        </span>
      )}
    </>
  );
}

/** "· paused 2 s" after a call's duration: the time it waited in the debugger (not part of the duration). */
export function PausedMs({ ms }: { ms: number | undefined }) {
  if (ms === undefined) return null;
  return (
    <span className="small muted" data-testid="paused-ms" title="Time paused in the debugger, not in the duration">
      · paused {pausedFor(ms)}
    </span>
  );
}

/** The marks of a brain request the debugger held: edited before it was sent, time paused before it. */
export function RequestMarks({ event }: { event: Extract<TraceEvent, { type: 'assistant_message' }> }) {
  return (
    <>
      {event.requestEdit && (
        <span
          className="badge paused"
          data-testid="badge-request-edited"
          title="The user edited the request before it was sent (the raw request shows what was sent)"
        >
          request edited
        </span>
      )}
      {event.pausedMs ? (
        <span className="small muted" title="Time paused in the debugger before the request, not in the duration">
          paused {pausedFor(event.pausedMs)}
        </span>
      ) : null}
    </>
  );
}
