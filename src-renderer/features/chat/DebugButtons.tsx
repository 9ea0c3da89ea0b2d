import type { PauseState, ResumeActionInput } from '../../../shared/domain/debug';
import { useApp } from '../../store/context';

/** The devtools keys of the resume actions, as the tooltips show them. */
export const DEBUG_KEYS = { continue: 'F8', step: 'F10', stop: 'Shift+F5' } as const;

/** The resume actions that go on unchanged, in the order the buttons show them; `what` is what goes on. */
const RESUME_BUTTONS = [
  {
    action: 'step',
    label: 'Step',
    title: (what: string) =>
      `Step (${DEBUG_KEYS.step}): go on with ${what} and pause at the next tool call or model call`,
  },
  {
    action: 'continue',
    label: 'Continue',
    title: (what: string) => `Continue (${DEBUG_KEYS.continue}): go on with ${what} to the next breakpoint`,
  },
  { action: 'stop', label: 'Stop', title: () => `Stop (${DEBUG_KEYS.stop} or Esc): cancel the run` },
] as const;

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
      {RESUME_BUTTONS.map(({ action, label, title }) => (
        <button
          key={action}
          className={action === 'stop' ? 'small danger' : 'small'}
          onClick={() => go({ action })}
          disabled={busy}
          title={title(what)}
        >
          {label}
        </button>
      ))}
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
