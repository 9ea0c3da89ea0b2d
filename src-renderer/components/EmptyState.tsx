import type { ReactNode } from 'react';

/** A calm placeholder that says what is missing and what to do next. */
export function EmptyState({
  title,
  children,
  actions,
  compact,
  testId,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  compact?: boolean;
  testId?: string;
}) {
  return (
    <div className={compact ? 'empty compact' : 'empty'} data-testid={testId}>
      <h2>{title}</h2>
      {children}
      {actions && <div className="actions">{actions}</div>}
    </div>
  );
}
