import { useApp } from '../../store/context';

/**
 * The line above a long session's trace: how many of its older events the window does not hold, and the button
 * that loads the next page of them (nothing of a session is out of reach).
 */
export function EarlierEvents() {
  const earlier = useApp((s) => (s.sessionId ? s.earlierBySession[s.sessionId] : null));
  const loadEarlier = useApp((s) => s.loadEarlier);
  if (!earlier) return null;
  const count = earlier.count.toLocaleString('en');
  return (
    <div className="earlier-events small" data-testid="earlier-events">
      <span className="muted">
        {earlier.count === 1 ? '1 earlier event is' : `${count} earlier events are`} not shown.
      </span>{' '}
      <button className="link" data-testid="load-earlier" disabled={earlier.loading} onClick={() => void loadEarlier()}>
        {earlier.loading ? 'Loading earlier events…' : 'Load earlier events'}
      </button>
    </div>
  );
}
