import { pausedFor } from './debug-rows';
import { useNow } from './use-now';

/** "Paused 12 s": a paused run's clock, ticking every second. */
export function PausedClock({ since, prefix = 'paused' }: { since: number; prefix?: string }) {
  const now = useNow(true);
  const ms = Math.max(0, now - since);
  return (
    <span className="small muted clock" data-testid="paused-clock">
      {prefix} {ms < 1000 ? '0 s' : pausedFor(ms)}
    </span>
  );
}
