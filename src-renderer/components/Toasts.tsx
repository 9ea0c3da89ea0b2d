/** One short message: a confirmation, a confirmation with a caveat (warning), or an error. */
export interface Toast {
  id: number;
  kind: 'info' | 'warning' | 'error';
  text: string;
}

/** Short confirmations and errors, bottom right (how long each stays is the caller's choice). */
export function Toasts({ toasts, onDismiss: dismiss }: { toasts: Toast[]; onDismiss(id: number): void }) {
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.kind}`} role={t.kind === 'info' ? 'status' : 'alert'}>
          <span className="grow">{t.text}</span>
          <button className="ghost small" onClick={() => dismiss(t.id)} aria-label="Dismiss">
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
