import { useState } from 'react';
import { useApp } from '../../store/context';
import type { SessionBundle } from './use-session-bundle';

/**
 * Above a session opened from a bundle: where it came from, that it is read-only, and "Re-run offline" (the replay
 * brain and the recorded tool results; no provider request, no tool runs), which opens the new session.
 */
export function BundleBanner({ bundle }: { bundle: SessionBundle }) {
  const sessionId = useApp((s) => s.sessionId);
  const rerunOffline = useApp((s) => s.rerunBundleOffline);
  const [busy, setBusy] = useState(false);
  const rerun = async () => {
    if (!sessionId) return;
    setBusy(true);
    await rerunOffline(sessionId);
    setBusy(false);
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
