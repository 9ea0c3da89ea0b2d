import type { TokenUsage, TraceEvent } from '../../../shared/domain/trace';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useApp } from '../../store/context';
import { brainBlockOf, brainIdOf, type PersonaDraft } from '../../lib/persona-model';
import type { ErrorValue } from '../../../shared/domain/errors';
import { BrainHint } from '../../components/BrainHint';

type End = Extract<TraceEvent, { type: 'run_finished' | 'run_failed' | 'run_cancelled' }>;

/** "Try again…": the run's message in the fork dialog (a new session from before it; the failed turn stays here). */
function RetryButton({ onRetry }: { onRetry(): void }) {
  return (
    <button
      className="small"
      data-testid="try-again"
      onClick={onRetry}
      title="Send your message again in a new session forked from before this turn (you can edit it first); this turn stays as it is"
    >
      Try again…
    </button>
  );
}

/** The persona's brain could not be made (not installed, invalid settings): main names it in `details.id`. */
function isBrainSetup(error: ErrorValue, draft: PersonaDraft | null): boolean {
  const id = (error.details as { id?: unknown } | undefined)?.id;
  return error.code === 'persona_invalid' && !!draft && id === brainIdOf(draft);
}

/**
 * How a run ended; a failure says what to do (an unreachable brain names the URL it tried). A run that did not
 * finish offers to try its message again (`onRetry`).
 */
export function EndCard({ event, usage, onRetry }: { event: End; usage?: TokenUsage; onRetry?: () => void }) {
  const draft = useApp((s) => s.draft);
  const setTab = useApp((s) => s.setTab);
  const secs = (event.durationMs / 1000).toFixed(2);
  if (event.type === 'run_finished')
    return (
      <div className="end" data-testid="trace-end">
        Finished in {event.iterations} iteration{event.iterations === 1 ? '' : 's'}
        {event.limitReached ? ' (the limit), then one answer without tools' : ''} · {secs} s
        {usage && (
          <span data-testid="trace-usage">
            {' '}
            · {usage.promptTokens} prompt + {usage.completionTokens} completion tokens
          </span>
        )}
      </div>
    );
  if (event.type === 'run_cancelled')
    return (
      <div className="end cancelled" data-testid="trace-cancelled">
        <span className="badge warn">cancelled</span> Run stopped after {secs} s
        {event.iteration ? `, in iteration ${event.iteration}` : ''}.{event.reason ? ` ${event.reason}` : ''}
        {onRetry && (
          <>
            {' '}
            <RetryButton onRetry={onRetry} />
          </>
        )}
      </div>
    );
  const url = draft ? String(brainBlockOf(draft).api_url ?? '') : '';
  return (
    <div data-testid="trace-failed" style={{ paddingBottom: 10 }}>
      <ErrorNotice error={event.error}>
        {event.error.code.startsWith('brain_') && (
          <BrainHint error={event.error} url={url} onSettings={() => setTab('editor')} />
        )}
        {/* Not a server that does not answer: the settings link alone, no "Tried <url>" hint. */}
        {isBrainSetup(event.error, draft) && (
          <BrainHint error={event.error} url="" onSettings={() => setTab('editor')} />
        )}
        {onRetry && (
          <div className="row" style={{ marginTop: 6 }}>
            <RetryButton onRetry={onRetry} />
          </div>
        )}
      </ErrorNotice>
    </div>
  );
}
