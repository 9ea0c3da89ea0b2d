import { useApp } from '../../store/context';

/** A forked or re-run session's header line: where it came from, one click back to that step. */
export function OriginLink() {
  const sessionId = useApp((s) => s.sessionId);
  const sessions = useApp((s) => s.sessions);
  const openOrigin = useApp((s) => s.openOrigin);
  const openSession = useApp((s) => s.openSession);
  const origin = sessions.find((s) => s.sessionId === sessionId)?.origin;
  if (!origin) return null;
  const parent = sessions.find((s) => s.sessionId === origin.sessionId);
  const title = parent ? `“${parent.title}”` : origin.sessionId;
  return (
    <div className="origin-link small" data-testid="session-origin">
      {origin.kind === 'fork' && !origin.sessionId ? (
        <>
          Forked from {origin.from ?? 'a trace'} at {origin.label}
        </>
      ) : origin.kind === 'fork' ? (
        <>
          Forked from{' '}
          <button
            className="link"
            data-testid="origin-link"
            onClick={() => void openOrigin(origin.sessionId, origin.point)}
            title="Open the session this one was forked from, at that step"
          >
            {title} at {origin.label}
          </button>
        </>
      ) : (
        <>
          Re-run of{' '}
          <button className="link" data-testid="origin-link" onClick={() => void openSession(origin.sessionId)}>
            {title}
          </button>{' '}
          <span className="muted">
            {[
              origin.target.personaId && `persona ${origin.target.personaId}`,
              origin.target.brain && `brain ${origin.target.brain}`,
              origin.target.model && `model ${origin.target.model}`,
              origin.target.engine && `engine ${origin.target.engine}`,
              `tools ${origin.target.tools}`,
              origin.target.tools === 'recorded' && `a miss ${origin.target.onMiss === 'fail' ? 'fails' : 'runs live'}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </>
      )}
    </div>
  );
}
