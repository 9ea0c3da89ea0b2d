import type { ReactNode } from 'react';
import { useApp } from '../../store/context';

/** The saved sessions of this persona: reopen one, or start a new chat. */
export function SessionBar({ children }: { children?: ReactNode }) {
  const sessions = useApp((s) => s.sessions);
  const sessionId = useApp((s) => s.sessionId);
  const openSession = useApp((s) => s.openSession);
  const resetChat = useApp((s) => s.resetChat);
  const known = sessions.some((s) => s.sessionId === sessionId);
  return (
    <div className="chat-bar">
      <label htmlFor="session-select" className="small muted">
        Session
      </label>
      <select id="session-select" data-testid="session-select" value={sessionId ?? ''} onChange={(e) => (e.target.value ? void openSession(e.target.value) : resetChat())}>
        <option value="">New chat</option>
        {sessionId && !known && <option value={sessionId}>Current chat</option>}
        {sessions.map((s) => (
          <option key={s.sessionId} value={s.sessionId}>
            {s.title || 'Untitled'} · {new Date(s.updatedAt).toLocaleString()} · {s.runs} run{s.runs === 1 ? '' : 's'}
          </option>
        ))}
      </select>
      <button className="small" data-testid="new-chat" onClick={resetChat} disabled={!sessionId}>
        New chat
      </button>
      <span className="grow" />
      {children}
    </div>
  );
}
