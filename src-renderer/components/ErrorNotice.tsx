import type { ReactNode } from 'react';
import type { ErrorValue } from '../../shared/domain/errors';
import { issuesOf } from '../lib/api-error';

/** An error value as it is: its stable code, its message, its field issues, and what to do. */
export function ErrorNotice({ error, children, testId }: { error: ErrorValue; children?: ReactNode; testId?: string }) {
  const issues = issuesOf(error);
  return (
    <div className="notice error" role="alert" data-testid={testId ?? 'error-notice'}>
      <span className="code">{error.code}</span>
      <span>{error.message}</span>
      {issues.length > 0 && (
        <ul>
          {issues.map((i, n) => (
            <li key={n}>
              {i.path.length ? <code>{i.path.join('.')}</code> : null} {i.message}
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
