import type { ErrorValue } from '../../../shared/domain/errors';
import { useApp } from '../../store/context';

/**
 * A toolbox the persona names that no installed plugin provides: the persona runs without it (as OVOS does), and
 * this says what to do: take it out in the Editor, or install its plugin and refresh.
 */
export function NotInstalledNotice({ toolboxId, error }: { toolboxId: string; error: ErrorValue }) {
  const setTab = useApp((s) => s.setTab);
  const refresh = useApp((s) => s.refreshTools);
  const loading = useApp((s) => s.toolsLoading);
  const installed = (error.details as { installed?: unknown } | undefined)?.installed;
  return (
    <div className="notice warn small" role="status" data-testid={`toolbox-not-installed-${toolboxId}`}>
      <span className="badge warn">not installed</span> {error.message}
      <div style={{ marginTop: 6 }}>
        Take it out of the persona in the{' '}
        <button type="button" className="link small" onClick={() => setTab('editor')}>
          Editor
        </button>
        , or install its plugin into <code>plugins/</code> of the data folder, then{' '}
        <button type="button" className="link small" onClick={() => void refresh()} disabled={loading}>
          refresh
        </button>
        .
      </div>
      {Array.isArray(installed) && installed.length > 0 && (
        <div className="muted" style={{ marginTop: 6 }}>
          Installed here: {installed.join(', ')}.
        </div>
      )}
    </div>
  );
}
