import { Modal } from '../../components/Modal';
import { useApp } from '../../store/context';

/** An imported persona exists already: replace it, keep both ("<name> (2)"), or cancel. */
export function ImportConflictDialog() {
  const conflict = useApp((s) => s.importConflict);
  const resolve = useApp((s) => s.resolveImport);
  if (!conflict) return null;
  const { name, id } = conflict.existing;
  return (
    <Modal
      title={`“${name}” exists already`}
      onClose={() => void resolve(null)}
      testId="import-conflict"
      actions={
        <>
          <button onClick={() => void resolve(null)}>Cancel</button>
          <button className="danger" onClick={() => void resolve('replace')} data-testid="import-replace">
            Replace it
          </button>
          <button
            className="primary"
            data-autofocus
            onClick={() => void resolve('keep-both')}
            data-testid="import-keep-both"
          >
            Keep both
          </button>
        </>
      }
    >
      <p className="muted" style={{ margin: 0 }}>
        The file is the persona <code>{id}</code> or has its name. “Replace it” overwrites that persona with the file
        (its stored secrets stay unless the file has its own); “Keep both” adds the file as a new persona, named “… (2)”
        when its name is taken.
      </p>
    </Modal>
  );
}
