import { useEffect, useRef, useState } from 'react';
import { MAX_CALL_LABEL } from '../../../shared/domain/call-history';

/** The name of a saved call, typed in place: Enter (or the button) keeps it, Escape cancels. */
export function CallLabelForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: string;
  submitLabel: string;
  onSubmit(label: string): Promise<boolean>;
  onCancel(): void;
}) {
  const [label, setLabel] = useState(initial);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const empty = !label.trim();
  return (
    <form
      className="call-label-form"
      data-testid="call-label-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (empty || busy) return;
        setBusy(true);
        void onSubmit(label.trim()).then((ok) => (ok ? onCancel() : setBusy(false)));
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <input
        ref={input}
        aria-label="Name of the saved call"
        data-testid="call-label"
        placeholder="A name, e.g. “Lisbon to Porto”"
        maxLength={MAX_CALL_LABEL}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
      />
      <button type="submit" className="small" disabled={empty || busy}>
        {submitLabel}
      </button>
      <button type="button" className="small ghost" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
