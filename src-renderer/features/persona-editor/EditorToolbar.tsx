import { useApp, useAppStoreApi } from '../../store/context';
import { isDirty } from '../../store/personas-slice';
import { useState } from 'react';
import { modKey } from '../../lib/keys';
import { VersionsDialog } from './VersionsDialog';

/** Save (with the unsaved marker), JSON, versions, export, duplicate, delete. */
export function EditorToolbar({ showJson, onToggleJson }: { showJson: boolean; onToggleJson(): void }) {
  const store = useAppStoreApi();
  const dirty = useApp(isDirty);
  const saving = useApp((s) => s.saving);
  const selectedId = useApp((s) => s.selectedId);
  const save = useApp((s) => s.savePersona);
  const [versionsOpen, setVersionsOpen] = useState(false);

  const remove = () => {
    const s = store.getState();
    if (!selectedId) return;
    s.askConfirm({
      title: `Delete “${s.draft?.name}”?`,
      message: `The file ${s.record?.path ?? ''} is removed. Chat sessions stay.`,
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () => void store.getState().deletePersona(selectedId),
    });
  };

  return (
    <div className="editor-toolbar">
      <button
        className="primary"
        data-testid="save-persona"
        onClick={() => void save()}
        disabled={saving || (!dirty && !!selectedId)}
        title={`${modKey()}+S`}
      >
        {saving ? 'Saving…' : selectedId ? 'Save' : 'Create persona'}
      </button>
      {dirty ? (
        <span className="dirty-mark" data-testid="dirty-mark">
          <span className="dot" /> Unsaved changes
        </span>
      ) : (
        <span className="small muted" data-testid="saved-mark">
          Saved
        </span>
      )}
      <span className="spacer" />
      <button className="ghost" aria-pressed={showJson} data-testid="toggle-json" onClick={onToggleJson}>
        {showJson ? 'Hide JSON' : 'View JSON'}
      </button>
      {selectedId && (
        <>
          <button className="ghost" data-testid="persona-versions" onClick={() => setVersionsOpen(true)}>
            Versions
          </button>
          {versionsOpen && <VersionsDialog personaId={selectedId} onClose={() => setVersionsOpen(false)} />}
          <button
            className="ghost"
            data-testid="export-persona"
            onClick={() => void store.getState().openExport(selectedId)}
          >
            Export…
          </button>
          <button
            className="ghost"
            data-testid="duplicate-persona"
            onClick={() => void store.getState().duplicatePersona(selectedId)}
          >
            Duplicate
          </button>
          <button className="danger" data-testid="delete-persona" onClick={remove}>
            Delete
          </button>
        </>
      )}
    </div>
  );
}
