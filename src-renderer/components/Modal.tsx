import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog shell: Esc closes it, Tab and Shift+Tab stay inside, the control `initialFocus` picks (else the
 * first marked `data-autofocus`, else the first button) gets the focus, and the focus goes back where it was when
 * it closes. Without `actions` it is a viewer: its one action is Close, focused.
 */
export function Modal({
  title,
  onClose,
  children,
  actions,
  testId,
  wide,
  initialFocus,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
  wide?: boolean;
  /** Where the keyboard starts, for a control that cannot carry `data-autofocus` (a generated form's field). */
  initialFocus?: (dialog: HTMLElement) => HTMLElement | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    const first =
      (dialog && initialFocus?.(dialog)) ??
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog?.querySelector('button');
    first?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab' && ref.current) {
      const items = [
        ...ref.current.querySelectorAll<HTMLElement>(
          'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href]',
        ),
      ];
      if (!items.length) return;
      const i = items.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : i === items.length - 1 ? 0 : i + 1;
      e.preventDefault();
      items[next].focus();
    }
  };
  return (
    <div className="modal-backdrop" onKeyDown={onKeyDown}>
      <div
        ref={ref}
        className={wide ? 'modal wide' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby="modal-title"
        data-testid={testId}
      >
        <h2 id="modal-title">{title}</h2>
        {children}
        <div className="actions">
          {actions ?? (
            <button type="button" onClick={onClose} data-autofocus>
              Close
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
