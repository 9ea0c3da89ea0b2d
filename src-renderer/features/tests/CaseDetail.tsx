import { useMemo, useState } from 'react';
import type {
  AssertionVerdict,
  CaseAttemptRecord,
  CaseResultRecord,
  CaseResultSummary,
} from '../../../shared/domain/persona-test-result';
import type { SuiteCase } from '../../../shared/domain/persona-suite';
import { EmptyState } from '../../components/EmptyState';
import { caseStatus, STATUS_LABEL } from './case-status';
import type { TraceView } from './trace-view';

/** Where an assertion's step is in the trace: the run of its turn, and its event's seq. */
function stepRef(attempt: CaseAttemptRecord, a: AssertionVerdict): { runId: string; seq: number } | null {
  if (!a.step) return null;
  const runId = attempt.events[a.step.turn - 1]?.[0]?.runId;
  return runId ? { runId, seq: a.step.seq } : null;
}

function AssertionRow({ a, onShowStep }: { a: AssertionVerdict; onShowStep?: () => void }) {
  return (
    <li className={a.ok ? 'assertion ok' : 'assertion failed'} data-testid="assertion" data-ok={a.ok}>
      <span className={`status-dot ${a.ok ? 'passed' : 'failed'}`} aria-hidden="true" />
      <div className="grow">
        <div className="assertion-label">
          <span className="sr-only">{a.ok ? 'passed: ' : 'failed: '}</span>
          {a.label}
        </div>
        {a.message && <div className="assertion-message small">{a.message}</div>}
        {a.step && (
          <div className="assertion-step small muted" data-testid="assertion-step">
            step: turn {a.step.turn} · iteration {a.step.iteration} · {a.step.name}
            {a.step.error ? ` (error: ${a.step.error})` : ''}
            {onShowStep && (
              <button className="small ghost" onClick={onShowStep}>
                Show step
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** The selected case: Run one, its verdicts (the failing assertion and its step) beside its trace, its history. */
export function CaseDetail({
  testCase,
  history,
  shown,
  running,
  busy,
  onRun,
  onShowResult,
  Trace,
}: {
  testCase: SuiteCase;
  history: CaseResultSummary[];
  shown: CaseResultRecord | null;
  running: boolean;
  busy: boolean;
  onRun(): void;
  onShowResult(resultId: string): void;
  Trace: TraceView;
}) {
  const status = caseStatus(running, history[0]);
  const [picked, setPicked] = useState<{ resultId: string; index: number } | null>(null);
  const [step, setStep] = useState<{ resultId: string; runId: string; seq: number } | null>(null);
  const attemptIndex =
    picked && shown && picked.resultId === shown.resultId
      ? picked.index
      : Math.max(0, shown?.attempts.findIndex((a) => !a.passed) ?? 0);
  const attempt = shown?.attempts[attemptIndex] ?? null;
  const events = useMemo(() => attempt?.events.flat() ?? [], [attempt]);
  const firstStep = useMemo(() => {
    const failed = attempt?.assertions.find((a) => !a.ok && a.step);
    return attempt && failed ? stepRef(attempt, failed) : null;
  }, [attempt]);
  return (
    <div className="case-detail" data-testid="case-detail" data-status={status}>
      <div className="case-side">
        <div className="case-head">
          <h2 className="grow">{testCase.name}</h2>
          <span
            className={`badge ${status === 'passed' ? 'ok' : status === 'failed' ? 'err' : ''}`}
            data-testid="case-status"
          >
            {STATUS_LABEL[status]}
          </span>
          <button className="small" onClick={onRun} disabled={busy} data-testid="run-one">
            Run one
          </button>
        </div>
        <div className="small muted">
          {testCase.turns.length} user turn{testCase.turns.length === 1 ? '' : 's'} · brain{' '}
          {typeof testCase.brain === 'string'
            ? testCase.brain
            : 'replay' in testCase.brain
              ? 'replayed'
              : 'recorded session'}{' '}
          · {testCase.assertions.length} assertion{testCase.assertions.length === 1 ? '' : 's'}
          {testCase.repeat > 1 ? ` · ${testCase.repeat} runs, ${Math.round(testCase.threshold * 100)}% must pass` : ''}
        </div>
        {shown && attempt ? (
          <section aria-label="Assertions" data-testid="case-assertions">
            <h3>
              {new Date(shown.at).toLocaleString()} · {shown.passed ? 'passed' : 'failed'} ·{' '}
              {Math.round(shown.durationMs)} ms
              {shown.runs > 1 ? ` · ${shown.passedRuns}/${shown.runs} runs passed` : ''}
            </h3>
            {shown.attempts.length > 1 && (
              <div className="attempts" role="group" aria-label="Runs of this result">
                {shown.attempts.map((a, i) => (
                  <button
                    key={i}
                    className={`small ${i === attemptIndex ? 'primary' : ''}`}
                    aria-pressed={i === attemptIndex}
                    onClick={() => setPicked({ resultId: shown.resultId, index: i })}
                  >
                    Run {i + 1} {a.passed ? '✓' : '✗'}
                  </button>
                ))}
              </div>
            )}
            <ul className="assertions">
              {attempt.assertions.map((a, i) => {
                const ref = stepRef(attempt, a);
                return (
                  <AssertionRow
                    key={i}
                    a={a}
                    onShowStep={ref ? () => setStep({ resultId: shown.resultId, ...ref }) : undefined}
                  />
                );
              })}
            </ul>
          </section>
        ) : (
          <p className="muted small">{running ? 'Running…' : 'Not run yet: press Run one.'}</p>
        )}
        <section aria-label="History" data-testid="case-history">
          <h3>History</h3>
          {history.length ? (
            <ol className="history">
              {history.map((r) => (
                <li key={r.resultId}>
                  <button
                    className="history-entry"
                    data-testid="history-entry"
                    data-passed={r.passed}
                    aria-current={shown?.resultId === r.resultId}
                    onClick={() => onShowResult(r.resultId)}
                  >
                    <span className={`status-dot ${r.passed ? 'passed' : 'failed'}`} aria-hidden="true" />
                    <span className="grow">{new Date(r.at).toLocaleString()}</span>
                    <span>{r.passed ? 'passed' : 'failed'}</span>
                    <span className="muted">{Math.round(r.durationMs)} ms</span>
                  </button>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted small">No results yet.</p>
          )}
        </section>
      </div>
      <div className="case-trace-col">
        {attempt ? (
          <Trace events={events} step={step && step.resultId === shown?.resultId ? step : firstStep} />
        ) : (
          <EmptyState title="No trace yet" compact>
            <p>Run the case: its trace shows here, as in the chat, next to its assertions.</p>
          </EmptyState>
        )}
      </div>
    </div>
  );
}
