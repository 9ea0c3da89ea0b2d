import { useState } from 'react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { useApp } from '../../store/context';

/**
 * Says which fields of a trace event were too large to send to the window (they are cut or replaced by a note)
 * and loads the whole event from the session file on request.
 */
export function ElidedNote({ event }: { event: TraceEvent }) {
  const load = useApp((s) => s.loadFullEvent);
  const [busy, setBusy] = useState(false);
  if (!event.elided?.length) return null;
  return (
    <div className="notice warn small" data-testid="elided-note" style={{ marginTop: 6 }}>
      Too large to show at once: {event.elided.join(', ')}.{' '}
      <button
        className="small"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void load(event).finally(() => setBusy(false));
        }}
      >
        Load the full event
      </button>
    </div>
  );
}
