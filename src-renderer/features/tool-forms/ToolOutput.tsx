import type { ToolOutcome } from '../../store/tools-slice';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ToolResultView } from '../../components/tool-result/ToolResultView';
import type { OpenResource } from '../../components/tool-result/ResourceBlocks';
import type { JsonSchema } from '../../../shared/domain/tool';
import { reportedError } from '../../lib/reported-error';

/**
 * The validated output (its content blocks, or pretty JSON; the raw JSON a click away; duration) or the error with
 * its code; a result that reports an error says so.
 */
export function ToolOutput({
  outcome,
  outputSchema,
  onOpenResource,
}: {
  outcome: ToolOutcome;
  outputSchema?: JsonSchema;
  onOpenResource?: OpenResource;
}) {
  const reported = outcome.ok ? reportedError(outcome.result) : null;
  return (
    <section className="stack" data-testid="tool-output" aria-live="polite">
      <div className="output-head">
        <h3>{outcome.ok ? 'Output' : 'Error'}</h3>
        <span className={!outcome.ok ? 'badge err' : reported ? 'badge warn' : 'badge ok'}>
          {!outcome.ok ? outcome.error.code : reported ? 'tool reported an error' : 'ok'}
        </span>
        <span className="small muted" data-testid="tool-duration">
          {Math.round(outcome.durationMs * 10) / 10} ms
        </span>
      </div>
      {reported && (
        <div className="notice warn" role="status" data-testid="tool-reported-error">
          The call ran and its output is valid, but the tool reports an error: <strong>{reported}</strong>
          <div className="small muted">
            A model calling this tool gets this result as it is, and can correct its arguments.
          </div>
        </div>
      )}
      {outcome.ok ? (
        <ToolResultView
          result={outcome.result}
          outputSchema={outputSchema}
          onOpenResource={onOpenResource}
          testId="tool-result"
        />
      ) : (
        <ErrorNotice error={outcome.error} testId="tool-error" />
      )}
    </section>
  );
}
