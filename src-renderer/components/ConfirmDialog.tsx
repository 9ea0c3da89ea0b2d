import { useEffect, useRef } from 'react';
import { useApp } from '../store/context';

/** The one confirmation dialog (delete, discard changes); Esc cancels, Enter confirms. */
export function ConfirmDialog() {
  const req = useApp((s) => s.confirm);
  const close = useApp((s) => s.closeConfirm);
  const okRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    okRef.current?.focus();
  }, [req]);
  if (!req) return null;
  return (
    <div className="modal-backdrop" onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), close())}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="confirm-title">
        <h2 id="confirm-title">{req.title}</h2>
        <p className="muted" style={{ margin: 0 }}>
          {req.message}
        </p>
        <div className="actions">
          <button onClick={close}>Cancel</button>
          <button
            ref={okRef}
            className={req.danger ? 'danger solid' : 'primary'}
            onClick={() => {
              close();
              req.onConfirm();
            }}
          >
            {req.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
