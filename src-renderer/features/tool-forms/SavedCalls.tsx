import { useState } from 'react';
import type { SavedCall } from '../../../shared/domain/call-history';
import { CallLabelForm } from './CallLabelForm';
import { whyNotRunnable } from './call-rerun';

/** This tool's saved calls (named, kept apart from the history): Run in one click, Load, Rename, Delete. */
export function SavedCalls({
  saved,
  busy,
  hasHistory,
  onRun,
  onLoad,
  onRename,
  onDelete,
}: {
  saved: SavedCall[];
  busy: boolean;
  /** Whether there are history entries to save from (for the empty state's words). */
  hasHistory: boolean;
  onRun(s: SavedCall): void;
  onLoad(s: SavedCall): void;
  onRename(s: SavedCall, label: string): Promise<boolean>;
  onDelete(s: SavedCall): void;
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  return (
    <section className="stack" aria-labelledby="saved-calls-h">
      <h3 id="saved-calls-h">Saved calls</h3>
      {!saved.length ? (
        <p className="small muted" style={{ margin: 0 }} data-testid="no-saved-calls">
          {hasHistory
            ? 'None yet: Save a call from the history below, with a name, to run it again in one click.'
            : 'None yet: run the tool, then Save the call from its history to run it again in one click.'}
        </p>
      ) : (
        <ul className="history saved-calls" data-testid="saved-calls">
          {saved.map((s) => {
            const blocked = whyNotRunnable(s);
            return (
              <li key={s.id} data-testid="saved-call">
                {renaming === s.id ? (
                  <CallLabelForm
                    initial={s.label}
                    submitLabel="Rename"
                    onSubmit={(label) => onRename(s, label)}
                    onCancel={() => setRenaming(null)}
                  />
                ) : (
                  <strong className="saved-call-label" data-testid="saved-call-label">
                    {s.label}
                  </strong>
                )}
                <code title={JSON.stringify(s.args)}>{JSON.stringify(s.args)}</code>
                <button
                  className="small"
                  onClick={() => onRun(s)}
                  disabled={busy || !!blocked}
                  title={blocked ?? `Run “${s.label}” again`}
                  aria-label={`Run “${s.label}”`}
                  data-testid="run-saved-call"
                >
                  Run
                </button>
                <span className="saved-call-actions">
                  <button className="small ghost" onClick={() => onLoad(s)}>
                    Load
                  </button>
                  <button
                    className="small ghost"
                    onClick={() => setRenaming(s.id)}
                    aria-label={`Rename “${s.label}”`}
                    disabled={renaming === s.id}
                  >
                    Rename
                  </button>
                  <button className="small ghost" onClick={() => onDelete(s)} aria-label={`Delete “${s.label}”`}>
                    Delete
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
