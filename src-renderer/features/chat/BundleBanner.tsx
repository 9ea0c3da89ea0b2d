import { useState } from 'react';
import { useApp } from '../../store/context';
import { toErrorValue } from '../../lib/api-error';
import type { SessionBundle } from './use-session-bundle';

/**
 * Above a session opened from a bundle: where it came from, that it is read-only, and "Re-run offline" (the replay
 * brain and the recorded tool results; no provider request, no tool runs), which opens the new session.
 */
export function BundleBanner({ bundle }: { bundle: SessionBundle }) {
  const client = useApp((s) => s.client);
  const sessionId = useApp((s) => s.sessionId);
  const loadSessions = useApp((s) => s.loadSessions);
  const openSession = useApp((s) => s.openSession);
  const toast = useApp((s) => s.toast);
  const [busy, setBusy] = useState(false);
  const rerun = async () => {
    if (!sessionId) return;
    setBusy(true);
    try {
      const done = await client.call('bundles.rerunOffline', { sessionId });
      await loadSessions();
      await openSession(done.sessionId);
      toast(done.finished ? 'info' : 'error', done.finished ? 'Re-ran offline.' : 'The offline re-run did not finish.');
    } catch (e) {
      toast('error', `The offline re-run failed: ${toErrorValue(e).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="bundle-banner" role="status" data-testid="bundle-banner">
      <span>
        <strong>Opened from a bundle</strong> (exported {new Date(bundle.exportedAt).toLocaleString()}
        {bundle.personaVersion ? `, persona version ${bundle.personaVersion.slice(0, 8)}` : ''}, {bundle.tools} tool
        schema(s)). Read-only: its toolboxes are not installed and nothing it names has run.
      </span>
      <button className="primary small" data-testid="bundle-rerun" onClick={() => void rerun()} disabled={busy}>
        {busy ? 'Re-running…' : 'Re-run offline'}
      </button>
    </div>
  );
}
