import { useApp } from '../../store/context';

/**
 * In an empty chat, the way back to the persona's most recent session (a reload or another persona starts a new
 * chat; the sessions stay a pick away in the Session list, this makes the usual one a click).
 */
export function LastChatButton() {
  const last = useApp((s) => s.sessions[0]);
  const openSession = useApp((s) => s.openSession);
  if (!last) return null;
  const when = new Date(last.updatedAt).toLocaleString();
  return (
    <button
      data-testid="open-last-chat"
      title={`“${last.title}”, ${when}, ${last.runs} ${last.runs === 1 ? 'run' : 'runs'}`}
      onClick={() => void openSession(last.sessionId)}
    >
      Open the last chat: “{shorten(last.title)}”
    </button>
  );
}

function shorten(title: string): string {
  return title.length > 40 ? `${title.slice(0, 39)}…` : title;
}
