import type { PauseState, ResumeActionInput } from '../../../shared/domain/debug';
import { useApp } from '../../store/context';

/** The devtools keys of the resume actions, as the tooltips show them. */
export const DEBUG_KEYS = { continue: 'F8', step: 'F10', stop: 'Shift+F5' } as const;

/**
 * Step, Continue and Stop for a paused run: they go on with the call or request unchanged (Run, Mock result,
 * Deny and Send are the actions that change it).
 */
export function DebugButtons({ pause }: { pause: PauseState }) {
  const resume = useApp((s) => s.resume);
  const busy = useApp((s) => s.resuming === pause.pauseId);
  const go = (action: ResumeActionInput) => void resume(pause, action);
  const what =
    pause.at.kind === 'model'
      ? 'the request as it is'
      : pause.reason === 'tool_error'
        ? 'the error'
        : "the model's arguments";
  return (
    <>
      <button
        className="small"
        onClick={() => go({ action: 'step' })}
        disabled={busy}
        title={`Step (${DEBUG_KEYS.step}): go on with ${what} and pause at the next tool call or model call`}
      >
        Step
      </button>
      <button
        className="small"
        onClick={() => go({ action: 'continue' })}
        disabled={busy}
        title={`Continue (${DEBUG_KEYS.continue}): go on with ${what} to the next breakpoint`}
      >
        Continue
      </button>
      <button
        className="small danger"
        onClick={() => go({ action: 'stop' })}
        disabled={busy}
        title={`Stop (${DEBUG_KEYS.stop} or Esc): cancel the run`}
      >
        Stop
      </button>
    </>
  );
}

/** The keys of Step, Continue and Stop, said once where the run waits. */
export function DebugKeysHint() {
  return (
    <span className="debug-keys" data-testid="debug-keys">
      <kbd>{DEBUG_KEYS.step}</kbd> steps, <kbd>{DEBUG_KEYS.continue}</kbd> continues, <kbd>Shift</kbd>+<kbd>F5</kbd>{' '}
      stops.
    </span>
  );
}
