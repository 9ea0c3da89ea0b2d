import type { McpProgress } from '../../shared/domain/mcp';

/** A running call's progress as the tool reports it: a bar when the total is known, else the count; its message. */
export function ProgressBar({ progress, testId = 'tool-progress' }: { progress: McpProgress; testId?: string }) {
  const { total, message } = progress;
  const known = typeof total === 'number' && total > 0;
  const label = known ? `${progress.progress} / ${total}` : `${progress.progress}`;
  return (
    <div className="tool-progress" data-testid={testId} role="status" aria-live="polite">
      {known ? (
        <progress value={Math.min(progress.progress, total)} max={total} aria-label={`Progress ${label}`} />
      ) : (
        <progress aria-label="Progress (total unknown)" />
      )}
      <span className="small muted">
        {label}
        {message ? ` · ${message}` : ''}
      </span>
    </div>
  );
}
