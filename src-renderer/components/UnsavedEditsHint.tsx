import { modKey } from '../lib/keys';

/**
 * Says that a pane works with the persona as saved while the Editor holds unsaved changes (its runs and tool
 * lists come from the file), with the save at hand.
 */
export function UnsavedEditsHint({
  uses,
  saving,
  onSave,
  testId,
}: {
  /** What the pane does with the saved version, e.g. "chat uses the saved version". */
  uses: string;
  saving: boolean;
  onSave(): void;
  testId?: string;
}) {
  return (
    <div className="hint small muted unsaved-hint" role="status" data-testid={testId}>
      The persona has unsaved changes; {uses}.{' '}
      <button type="button" className="link small" onClick={onSave} disabled={saving}>
        {saving ? 'Saving…' : 'Save now'}
      </button>{' '}
      ({modKey()}+S)
    </div>
  );
}
