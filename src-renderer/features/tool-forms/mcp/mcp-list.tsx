import type { ReactNode } from 'react';
import type { ErrorValue } from '../../../../shared/domain/errors';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorNotice } from '../../../components/ErrorNotice';

/**
 * A server's panel for one kind of list (`noun`): its load error whole, "Loading …", an empty state that points to
 * the other tabs, or the panel itself (`children`, given the loaded lists).
 */
export function McpPanelFrame<T>({
  noun,
  others,
  list,
  isEmpty,
  children,
}: {
  noun: 'prompts' | 'resources';
  others: string;
  list: { data: T | null; error: ErrorValue | null; loading: boolean };
  isEmpty(data: T): boolean;
  children(data: T): ReactNode;
}) {
  const { data, error, loading } = list;
  if (error) return <ErrorNotice error={error} testId={`${noun}-error`} />;
  if (!data) return <p className="small muted">{loading ? `Loading ${noun}…` : ''}</p>;
  if (isEmpty(data))
    return (
      <EmptyState title={`This server offers no ${noun}`} compact testId={`no-${noun}`}>
        <p>Its tools, {others} and log are in the other tabs.</p>
      </EmptyState>
    );
  return (
    <div className="mcp-panel" data-testid={`${noun}-panel`}>
      {children(data)}
    </div>
  );
}

/** One list of a server's panel (prompts, templates, resources): its title and count, Refresh where it reloads. */
export function McpListSection({
  label,
  title,
  count,
  refresh,
  children,
}: {
  label: string;
  title: string;
  count: number;
  refresh?: { loading: boolean; reload(): void };
  children: ReactNode;
}) {
  return (
    <section aria-label={label}>
      <h3 className="row">
        <span className="grow">{title}</span>
        <span className="badge">{count}</span>
        {refresh && (
          <button type="button" className="small ghost" onClick={refresh.reload} disabled={refresh.loading}>
            {refresh.loading ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
      </h3>
      <ul className="plain-list">{children}</ul>
    </section>
  );
}

/** An item of such a list that opens a form beside it when picked (a prompt, a template). */
export function McpPickItem({
  current,
  testId,
  onPick,
  children,
}: {
  current: boolean;
  testId: string;
  onPick(): void;
  children: ReactNode;
}) {
  return (
    <li className="mcp-item">
      <button type="button" className="link grow" aria-current={current} data-testid={testId} onClick={onPick}>
        {children}
      </button>
    </li>
  );
}
