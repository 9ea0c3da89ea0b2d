import { useApp } from '../../store/context';
import { isDirty } from '../../store/personas-slice';
import { JsonFileButton } from '../../components/JsonFileButton';
import { ThemeToggle } from '../../components/ThemeToggle';
import { BusSettings } from './BusSettings';
import { useGuardedSelect } from './use-guarded-select';
import { modKey } from '../../lib/keys';
import { OpenBundleButton } from './OpenBundleButton';

/** The personas, the broken persona files (with their path and error), and how to add one. */
export function Sidebar() {
  const personas = useApp((s) => s.personas);
  const theme = useApp((s) => s.theme);
  const setTheme = useApp((s) => s.setTheme);
  const broken = useApp((s) => s.broken);
  const selectedId = useApp((s) => s.selectedId);
  const creatingNew = useApp((s) => s.selectedId === null && s.draft !== null);
  const newName = useApp((s) => (s.selectedId === null ? s.draft?.name?.trim() : undefined));
  const dirty = useApp(isDirty);
  const importPersona = useApp((s) => s.importPersona);
  const loadPersonas = useApp((s) => s.loadPersonas);
  const { select, create } = useGuardedSelect();

  return (
    <aside className="sidebar" aria-label="Personas">
      <div className="brand">
        <div className="logo">PS</div>
        <h1>Persona Studio</h1>
      </div>
      <div className="sidebar-actions">
        <button className="primary" data-testid="new-persona" onClick={create}>
          + New persona
        </button>
        <JsonFileButton
          label="Import…"
          testId="import-persona"
          inputTestId="import-file"
          onFile={async (file) => importPersona(await file.text(), file.name)}
        />
        <OpenBundleButton />
      </div>
      <ul className="persona-list" data-testid="persona-list">
        {creatingNew && (
          <li>
            <button aria-current="true" data-testid="new-persona-entry">
              <div className="name">
                {newName || 'New persona'} <span className="badge warn">unsaved</span>
              </div>
            </button>
          </li>
        )}
        {personas.map((p) => (
          <li key={p.id}>
            <button aria-current={p.id === selectedId} data-testid={`persona-${p.id}`} onClick={() => select(p.id)}>
              <div className="name">
                {p.name}
                {p.id === selectedId && dirty && <span className="dot" title="Unsaved changes" />}
              </div>
              <div className="desc">{p.description || p.id}</div>
            </button>
          </li>
        ))}
        {broken.map((b) => (
          <li key={b.path} className="broken" data-testid={`broken-${b.id}`}>
            <div className="name">
              {b.id} <span className="badge err">broken</span>
            </div>
            <div className="small">
              <strong>{b.error.code}</strong>: {b.error.message}
            </div>
            <div className="path">{b.path}</div>
            <div className="small muted">
              Fix the file in a text editor (the app never overwrites it), then{' '}
              <button
                type="button"
                className="link small"
                data-testid={`recheck-${b.id}`}
                onClick={() => void loadPersonas()}
              >
                check again
              </button>
              .
            </div>
          </li>
        ))}
      </ul>
      <BusSettings />
      <div className="sidebar-foot">
        <ThemeToggle theme={theme} onChange={(next) => void setTheme(next)} />
        <span
          title={`Keyboard: ${modKey()}+S saves the persona, ${modKey()}+Enter sends a message or runs a tool, Esc cancels a run`}
        >
          <kbd>{modKey()}</kbd>+<kbd>S</kbd> saves
        </span>
      </div>
    </aside>
  );
}
