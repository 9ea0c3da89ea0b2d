import { useLayoutEffect, type RefObject } from 'react';

/**
 * Keeps an absolutely placed panel (a popover under its button) inside the window: moved left by what would
 * stick out on the right, never past `margin` from the left edge. Again on every resize.
 */
export function useWithinWindow(ref: RefObject<HTMLElement | null>, margin = 8): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const place = () => {
      el.style.left = '';
      const rect = el.getBoundingClientRect();
      const over = rect.right - (window.innerWidth - margin);
      if (over <= 0) return;
      el.style.left = `${-Math.min(over, Math.max(0, rect.left - margin))}px`;
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [ref, margin]);
}
