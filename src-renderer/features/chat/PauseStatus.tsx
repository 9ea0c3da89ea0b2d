import type { PauseState } from '../../../shared/domain/debug';
import { PausedClock } from './PausedClock';

/** The header's word on a paused run: paused, for how long, and where. */
export function PauseStatus({ pause }: { pause: PauseState }) {
  const at = pause.at;
  const where =
    at.kind === 'model'
      ? 'before the model'
      : pause.reason === 'tool_error'
        ? `after ${at.name} failed`
        : `before ${at.name}${at.count > 1 ? ` (${at.index + 1} of ${at.count})` : ''}`;
  return (
    <span className="badge paused" data-testid="run-status" data-paused="true" role="status">
      Run paused {where} · <PausedClock since={pause.since} prefix="for" />
    </span>
  );
}
