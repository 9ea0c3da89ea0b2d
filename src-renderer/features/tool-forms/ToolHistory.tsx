import type { HistoryEntry } from '../../store/tools-slice';
import { reportedError } from '../../lib/reported-error';

/** Manual calls of this tool, newest first: load the arguments back, or run them again. */
export function ToolHistory({
  entries,
  onLoad,
  onRerun,
  busy,
}: {
  entries: HistoryEntry[];
  onLoad(e: HistoryEntry): void;
  onRerun(e: HistoryEntry): void;
  busy: boolean;
}) {
  if (!entries.length) return null;
  return (
    <section className="stack" aria-labelledby="history-h">
      <h3 id="history-h">History</h3>
      <ul className="history" data-testid="tool-history">
        {entries.map((e) => (
          <li key={e.id}>
            <span className="muted">{new Date(e.at).toLocaleTimeString()}</span>
            {e.outcome.ok ? (
              reportedError(e.outcome.result) ? (
                <span className="badge warn">reported error</span>
              ) : (
                <span className="badge ok">ok</span>
              )
            ) : (
              <span className="badge err">{e.outcome.error.code}</span>
            )}
            <code title={JSON.stringify(e.args)}>{JSON.stringify(e.args)}</code>
            <button className="small ghost" onClick={() => onLoad(e)}>
              Load
            </button>
            <button className="small" onClick={() => onRerun(e)} disabled={busy}>
              Re-run
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
