import type { ReactNode } from 'react';
import type { ErrorValue, ValidationIssue } from '../../shared/domain/errors';
import { issuesOf } from '../lib/api-error';

/**
 * An error value as it is: its stable code, its message, its field issues, and what to do. With `onIssue`, an
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
  return (
    <div className="notice error" role="alert" data-testid={testId ?? 'error-notice'}>
      <span className="code">{error.code}</span>
      <span>{error.message}</span>
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
