/**
 * Says plainly when main cannot be reached (`lost`), that the page keeps retrying, and what to do when it will not
 * come back; `dirty`: the window holds unsaved changes.
 */
export function ConnectionBanner({ lost, dirty }: { lost: boolean; dirty: boolean }) {
  if (!lost) return null;
  return (
    <div className="banner lost" role="alert" data-testid="connection-lost">
      <span className="spinner" aria-hidden="true" />
      <span className="grow">
        <strong>Lost the connection to Persona Studio; retrying.</strong>{' '}
        <span className="muted">
          {dirty ? 'Your unsaved changes stay in this window while it retries; save once it is back. ' : ''}
          Is the app (or <code>persona-studio serve</code>) still running? If you restarted <code>serve</code>, open the
          new address it printed: its token changes on every start.
        </span>
      </span>
      <button
        className="small"
        onClick={() => location.reload()}
        title={dirty ? 'Reloading loses the unsaved changes' : undefined}
      >
        Reload
      </button>
    </div>
  );
}
