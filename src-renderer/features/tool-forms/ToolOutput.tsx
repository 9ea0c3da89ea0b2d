import type { ToolOutcome } from '../../store/tools-slice';
import { ErrorNotice } from '../../components/ErrorNotice';
import { JsonView } from '../../components/JsonView';

/** The validated output (pretty JSON, copy, duration) or the error with its code. */
export function ToolOutput({ outcome }: { outcome: ToolOutcome }) {
  return (
    <section className="stack" data-testid="tool-output" aria-live="polite">
      <div className="output-head">
        <h3>{outcome.ok ? 'Output' : 'Error'}</h3>
        <span className={outcome.ok ? 'badge ok' : 'badge err'}>{outcome.ok ? 'ok' : outcome.error.code}</span>
        <span className="small muted" data-testid="tool-duration">
          {Math.round(outcome.durationMs * 10) / 10} ms
        </span>
      </div>
      {outcome.ok ? <JsonView value={outcome.result} testId="tool-result" /> : <ErrorNotice error={outcome.error} testId="tool-error" />}
    </section>
  );
}
