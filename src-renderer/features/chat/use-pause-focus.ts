import { useEffect, type RefObject } from 'react';
import { focusIsFree } from '../../lib/form-focus';

/**
 * When a run pauses, the keyboard goes to what the pause asks for (`target` picks it in `ref`: the paused call's
 * first field, the request editor), unless the user is typing somewhere else: Ctrl/Cmd+Enter then runs or sends
 * without a trip through the page with Tab. Once per pause.
 */
export function usePauseFocus(
  ref: RefObject<HTMLElement | null>,
  pauseId: string,
  target: (root: HTMLElement) => HTMLElement | null,
): void {
  useEffect(() => {
    const root = ref.current;
    if (!root || !focusIsFree()) return;
    const field = target(root);
    if (!field) return;
    // The trace pane brings the paused row into view itself (its virtualizer): focusing must not scroll it again.
    field.focus({ preventScroll: true });
    // Once per pause: `target` is a new function each render, the pause is what counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pauseId]);
}
