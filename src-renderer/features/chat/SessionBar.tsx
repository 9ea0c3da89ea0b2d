import type { ReactNode } from 'react';
import { useApp } from '../../store/context';
import { activeRunId, currentEvents } from '../../store/chat-selectors';
import { useSessionDownload } from './use-session-download';
import { sessionTree, treeLabel } from '../../lib/session-tree';
import { SaveAsTestButton } from './SaveAsTestButton';
import { ExportBundleButton } from './ExportBundleButton';

/** The saved sessions of this persona: reopen one, start a new chat, or export the open one's whole trace. */
export function SessionBar({ children }: { children?: ReactNode }) {
  const sessions = useApp((s) => s.sessions);
  const sessionId = useApp((s) => s.sessionId);
  const openSession = useApp((s) => s.openSession);
  const resetChat = useApp((s) => s.resetChat);
  const hasEvents = useApp((s) => currentEvents(s).length > 0);
  const known = sessions.some((s) => s.sessionId === sessionId);
  const openRerun = useApp((s) => s.openRerun);
  const openDiff = useApp((s) => s.openDiff);
  const running = useApp((s) => activeRunId(s) !== null);
  // The whole trace from the session file (the window holds events without their raw exchanges, maybe not all of them).
  const exportTrace = useSessionDownload('chat.exportTrace', 'application/x-ndjson', 'The trace could not be exported');
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
        onClick={() => void exportTrace()}
        disabled={!hasEvents}
        title="Download this session's whole trace as JSON Lines, one event per line, with every model request and large result"
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
