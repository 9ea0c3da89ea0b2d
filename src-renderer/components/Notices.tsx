import { useApp } from '../store/context';

/**
 * Problems no request of the user's is waiting on (a session that cannot be saved, a settings file that does not
 * parse, a session file that is short), top right, until dismissed: unlike toasts they do not fade.
 */
export function Notices() {
  const notices = useApp((s) => s.notices);
  const dismiss = useApp((s) => s.dismissNotice);
  if (!notices.length) return null;
  return (
    <section className="app-notices" aria-label="Notices">
      {notices.map((n) => (
        <div
          key={n.id}
          className={`notice ${n.level === 'error' ? 'error' : 'warn'}`}
          role={n.level === 'error' ? 'alert' : 'status'}
        >
          <span className="grow">
            <strong>{n.level === 'error' ? 'Error' : 'Warning'}:</strong> {n.message}
          </span>
          <button className="ghost small" onClick={() => dismiss(n.id)} aria-label="Dismiss notice">
            ✕
          </button>
        </div>
      ))}
    </section>
  );
}
