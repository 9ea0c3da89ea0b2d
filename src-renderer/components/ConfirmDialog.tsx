import { useEffect, useRef } from 'react';
/** What the dialog asks; onConfirm runs after it closes. */
export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
}

/**
 * The one confirmation dialog (delete, discard changes): Esc cancels, Tab stays inside it, and the focus goes
 * back where it was when it closes. A dangerous action (delete, discard) starts with the focus on Cancel, so an
 * Enter pressed out of habit loses nothing; a harmless one starts on its confirm button.
 */
export function ConfirmDialog({ request: req, onClose: close }: { request: ConfirmRequest | null; onClose(): void }) {
  const okRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!req) return;
    const before = document.activeElement as HTMLElement | null;
    (req.danger ? cancelRef : okRef).current?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, [req]);
  if (!req) return null;
  return (
    <div
      className="modal-backdrop"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        } else if (e.key === 'Tab') {
          e.preventDefault();
          (document.activeElement === okRef.current ? cancelRef : okRef).current?.focus();
        }
      }}
    >
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-message"
      >
        <h2 id="confirm-title">{req.title}</h2>
        <p id="confirm-message" className="muted" style={{ margin: 0 }}>
          {req.message}
        </p>
        <div className="actions">
          <button ref={cancelRef} onClick={close}>
            Cancel
          </button>
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
