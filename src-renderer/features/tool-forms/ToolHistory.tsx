import { useState } from 'react';
import type { HistoryEntry } from '../../store/tools-slice';
import { reportedError } from '../../lib/reported-error';
import { CallLabelForm } from './CallLabelForm';
import { callTime, whyNotRunnable } from './call-rerun';

/**
 * Manual calls of this tool, newest first (kept per persona, the last 50): load the arguments back, run them
 * again, or save one with a name (then it is listed under Saved calls).
 */
export function ToolHistory({
  entries,
  onLoad,
  onRerun,
  onSave,
  busy,
}: {
  entries: HistoryEntry[];
  onLoad(e: HistoryEntry): void;
  onRerun(e: HistoryEntry): void;
  /** Keeps the entry as a saved call; absent: no Save button. */
  onSave?(e: HistoryEntry, label: string): Promise<boolean>;
  busy: boolean;
}) {
  const [naming, setNaming] = useState<string | null>(null);
  if (!entries.length) return null;
  return (
    <section className="stack" aria-labelledby="history-h">
      <h3 id="history-h">History</h3>
      <ul className="history" data-testid="tool-history">
        {entries.map((e) => {
          const blocked = whyNotRunnable(e);
          return (
            <li key={e.id} data-testid="history-call">
              <span className="muted">{callTime(e.at)}</span>
              {e.outcome.ok ? (
                reportedError(e.outcome.result) ? (
                  <span className="badge warn">reported error</span>
                ) : (
                  <span className="badge ok">ok</span>
                )
              ) : (
                <span className="badge err">{e.outcome.error.code}</span>
              )}
              {e.masked.length > 0 && (
                <span className="badge" title={blocked ?? undefined} data-testid="secret-left-out">
                  secret left out
                </span>
              )}
              <code title={JSON.stringify(e.args)}>
                {e.argsOmittedChars !== undefined ? 'arguments too big to keep' : JSON.stringify(e.args)}
              </code>
              <button className="small ghost" onClick={() => onLoad(e)} disabled={e.argsOmittedChars !== undefined}>
                Load
              </button>
              <button
                className="small"
                onClick={() => onRerun(e)}
                disabled={busy || !!blocked}
                title={blocked ?? undefined}
              >
                Re-run
              </button>
              {onSave && (
                <button
                  className="small ghost"
                  onClick={() => setNaming(e.id)}
                  disabled={e.argsOmittedChars !== undefined || e.id.startsWith('local-')}
                  aria-expanded={naming === e.id}
                >
                  Save
                </button>
              )}
              {onSave && naming === e.id && (
                <CallLabelForm
                  initial=""
                  submitLabel="Save call"
                  onSubmit={(label) => onSave(e, label)}
                  onCancel={() => setNaming(null)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
