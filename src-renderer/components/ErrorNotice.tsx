import type { ReactNode } from 'react';
import type { ErrorValue, ValidationIssue } from '../../shared/domain/errors';
import { issuesOf } from '../lib/api-error';

/** The cause main attached (`details.cause`: what the tool or the server said), when it adds something. */
export function causeOf(error: ErrorValue | null | undefined): string | null {
  const cause = (error?.details as { cause?: unknown } | undefined)?.cause;
  return typeof cause === 'string' && cause.trim() && cause !== error?.message ? cause : null;
}

/**
 * An error value as it is: its stable code, its message, its cause, its field issues, and what to do. With `onIssue`, an
 * issue whose field is on screen becomes a link that goes to that field (`onIssue` returns null for the others).
 */
export function ErrorNotice({
  error,
  children,
  testId,
  onIssue,
}: {
  error: ErrorValue;
  children?: ReactNode;
  testId?: string;
  onIssue?: (issue: ValidationIssue) => (() => void) | null;
}) {
  const issues = issuesOf(error);
  const cause = causeOf(error);
  return (
    <div className="notice error" role="alert" data-testid={testId ?? 'error-notice'}>
      <span className="code">{error.code}</span>
      <span>{error.message}</span>
      {cause && (
        <div className="error-cause" data-testid="error-cause">
          {cause}
        </div>
      )}
      {issues.length > 0 && (
        <ul>
          {issues.map((i, n) => {
            const go = onIssue?.(i);
            const where = i.path.length ? <code>{i.path.join('.')}</code> : null;
            return (
              <li key={n}>
                {go ? (
                  <button type="button" className="link issue-link" onClick={go} title="Go to the field">
                    {where} {i.message}
                  </button>
                ) : (
                  <>
                    {where} {i.message}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {children}
    </div>
  );
}
