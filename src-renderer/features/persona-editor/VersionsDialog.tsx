import { useEffect, useMemo, useState } from 'react';
import type { PersonaVersionFile, PersonaVersionInfo } from '../../../shared/domain/persona-version';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Modal } from '../../components/Modal';
import { toErrorValue } from '../../lib/api-error';
import type { ErrorValue } from '../../../shared/domain/errors';
import { useApp } from '../../store/context';
import { isDirty } from '../../store/personas-slice';
import { versionDiff } from './version-diff';

const when = (ms: number) => new Date(ms).toLocaleString();

/**
 * The persona's kept versions (one per saved content, the last saved first), the chosen one diffed against the
 * persona as saved now, and Restore: saves the chosen content as the persona (a new save; stored keys kept).
 */
export function VersionsDialog({ personaId, onClose }: { personaId: string; onClose(): void }) {
  const client = useApp((s) => s.client);
  const record = useApp((s) => s.record);
  const dirty = useApp(isDirty);
  const selectPersona = useApp((s) => s.selectPersona);
  const loadPersonas = useApp((s) => s.loadPersonas);
  const toast = useApp((s) => s.toast);
  const [list, setList] = useState<{ current: string | null; versions: PersonaVersionInfo[] } | null>(null);
  const [chosen, setChosen] = useState<PersonaVersionFile | null>(null);
  const [error, setError] = useState<ErrorValue | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (versionId: string) => {
    try {
      setChosen((await client.call('personas.version', { id: personaId, versionId })).version);
      setError(null);
    } catch (e) {
      setError(toErrorValue(e));
    }
  };
  useEffect(() => {
    let live = true;
    client
      .call('personas.versions', { id: personaId })
      .then(async (listed) => {
        if (!live) return;
        setList(listed);
        const pick = listed.versions.find((v) => v.id !== listed.current) ?? listed.versions[0];
        if (!pick) return;
        const { version } = await client.call('personas.version', { id: personaId, versionId: pick.id });
        if (live) setChosen(version);
      })
      .catch((e: unknown) => live && setError(toErrorValue(e)));
    return () => {
      live = false;
    };
  }, [client, personaId]);

  const lines = useMemo(() => (chosen && record ? versionDiff(chosen.persona, record.persona) : []), [chosen, record]);
  const changed = lines.filter((l) => l.kind !== 'same').length;
  const restore = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await client.call('personas.restoreVersion', { id: personaId, versionId: chosen.id });
      await loadPersonas();
      await selectPersona(personaId);
      toast('info', `Version ${chosen.id.slice(0, 8)} restored: saved as the persona's newest version.`);
      onClose();
    } catch (e) {
      setError(toErrorValue(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Versions"
      onClose={onClose}
      testId="versions-dialog"
      wide
      actions={
        <>
          <button onClick={onClose}>Close</button>
          <button
            className="primary"
            data-testid="version-restore"
            disabled={busy || !chosen || chosen.id === list?.current}
            onClick={() => void restore()}
            title={dirty ? 'Your unsaved changes in the editor are replaced.' : undefined}
          >
            Restore
          </button>
        </>
      }
    >
      {error && <ErrorNotice error={error} />}
      {list && !list.versions.length && (
        <p className="muted">No versions yet: each Save keeps one. Save the persona to start its history.</p>
      )}
      {list && list.versions.length > 0 && (
        <div className="versions-layout">
          <ul className="versions-list plain-list" role="listbox" aria-label="Versions" data-testid="versions-list">
            {list.versions.map((v) => (
              <li key={v.id}>
                <button
                  role="option"
                  aria-selected={chosen?.id === v.id}
                  className={chosen?.id === v.id ? 'selected' : ''}
                  data-testid="version-item"
                  data-version={v.id}
                  onClick={() => void choose(v.id)}
                >
                  <code>{v.id.slice(0, 8)}</code> {when(v.savedAt)}
                  {v.id === list.current && <span className="badge">current</span>}
                </button>
              </li>
            ))}
          </ul>
          <div className="versions-diff">
            {chosen && (
              <p className="small muted" data-testid="version-diff-summary">
                {chosen.id === list.current
                  ? 'This is the persona as saved now.'
                  : `Version ${chosen.id.slice(0, 8)} (saved ${when(chosen.savedAt)}) against the current persona: ${changed} line(s) differ. Red lines are only in this version, green only in the current one.`}
                {dirty && ' Unsaved edits in the editor are not part of the diff.'}
              </p>
            )}
            <pre className="version-diff" data-testid="version-diff">
              {lines.map((l, i) => (
                <div key={i} className={`diff-line ${l.kind}`} data-kind={l.kind}>
                  {l.kind === 'added' ? '+ ' : l.kind === 'removed' ? '- ' : '  '}
                  {l.text}
                </div>
              ))}
            </pre>
          </div>
        </div>
      )}
    </Modal>
  );
}
