/** One short message: a confirmation or an error. */
export interface Toast {
  id: number;
  kind: 'info' | 'error';
  text: string;
}

/** Short confirmations and errors, bottom right (how long each stays is the caller's choice). */
export function Toasts({ toasts, onDismiss: dismiss }: { toasts: Toast[]; onDismiss(id: number): void }) {
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span className="grow">{t.text}</span>
          <button className="ghost small" onClick={() => dismiss(t.id)} aria-label="Dismiss">
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
