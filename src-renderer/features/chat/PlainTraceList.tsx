import type { TraceRow } from '../../lib/trace-rows';
import { TraceRowView, type RowUi } from './TraceRowView';

/** Every row in the DOM at once: the baseline the bench compares the virtualized pane with. */
export function PlainTraceList({ rows, ui }: { rows: TraceRow[]; ui: RowUi }) {
  return (
    <div className="trace-scroll trace-plain" data-testid="trace-pane">
      <div className="trace-inner">
        {rows.map((row) => (
          <div key={row.key} className="trace-item">
            <div className="trace-col">
              <TraceRowView row={row} ui={ui} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
