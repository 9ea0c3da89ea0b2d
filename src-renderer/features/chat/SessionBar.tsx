import type { ReactNode } from 'react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { useApp, useAppStoreApi } from '../../store/context';
import { activeRunId, currentEvents } from '../../store/chat-slice';
import { orderEvents } from '../../lib/trace-rows';
import { sessionTree, treeLabel } from '../../lib/session-tree';
import { SaveAsTestButton } from './SaveAsTestButton';
import { ExportBundleButton } from './ExportBundleButton';

/** A session's trace as JSON Lines, in run and seq order: the same one-event-per-line shape as the session files. */
export function traceJsonl(events: TraceEvent[]): string {
  return (
    orderEvents(events)
      .map((e) => JSON.stringify(e))
      .join('\n') + '\n'
  );
}

/** The saved sessions of this persona: reopen one, start a new chat, or export the trace on screen. */
export function SessionBar({ children }: { children?: ReactNode }) {
  const sessions = useApp((s) => s.sessions);
  const sessionId = useApp((s) => s.sessionId);
  const openSession = useApp((s) => s.openSession);
  const resetChat = useApp((s) => s.resetChat);
  const store = useAppStoreApi();
  const hasEvents = useApp((s) => currentEvents(s).length > 0);
  const known = sessions.some((s) => s.sessionId === sessionId);
  const openRerun = useApp((s) => s.openRerun);
  const openDiff = useApp((s) => s.openDiff);
  const running = useApp((s) => activeRunId(s) !== null);
  const exportTrace = () => {
    const events = currentEvents(store.getState());
    if (!sessionId || !events.length) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([traceJsonl(events)], { type: 'application/x-ndjson' }));
    a.download = `trace-${sessionId}.jsonl`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return (
    <div className="chat-bar">
      <label htmlFor="session-select" className="small muted">
        Session
      </label>
      <select
        id="session-select"
        data-testid="session-select"
        value={sessionId ?? ''}
        onChange={(e) => (e.target.value ? void openSession(e.target.value) : resetChat())}
      >
        <option value="">New chat</option>
        {sessionId && !known && <option value={sessionId}>Current chat</option>}
        {sessionTree(sessions).map((entry) => (
          <option key={entry.session.sessionId} value={entry.session.sessionId} data-depth={entry.depth}>
            {treeLabel(entry)}
          </option>
        ))}
      </select>
      <button className="small" data-testid="new-chat" onClick={resetChat} disabled={!sessionId}>
        New chat
      </button>
      <button
        className="small ghost"
        data-testid="export-trace"
        onClick={exportTrace}
        disabled={!hasEvents}
        title="Download this session's trace events as JSON Lines, one event per line (as stored in sessions/)"
      >
        Export trace
      </button>
      <button
        className="small ghost"
        data-testid="rerun-open"
        onClick={() => openRerun(true)}
        disabled={!known || running}
        title="Send this session's user turns again, in order, against another persona, brain, model or engine"
      >
        Re-run with…
      </button>
      <button
        className="small ghost"
        data-testid="diff-open"
        onClick={() => openDiff(sessionId)}
        disabled={sessions.length < 2}
        title="Compare two sessions side by side: tool calls, results, answers, iterations, time and tokens"
      >
        Diff…
      </button>
      <SaveAsTestButton />
      <ExportBundleButton />
      <span className="grow" />
      {children}
    </div>
  );
}
