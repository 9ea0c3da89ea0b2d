/** For the trace bench pages: when the trace pane first shows a text, frame by frame. */

/** True when a row of the trace pane holds `text`. */
const paneShows = (text: string) =>
  [...document.querySelectorAll('[data-testid="trace-pane"] .trace-item')].some((n) => n.textContent?.includes(text));

/**
 * performance.now() at the first frame, from now, whose trace pane shows `text`: checked in the frame's callback,
 * after React committed and before the browser paints it. Throws (with `state()`) past `timeoutMs` from `t0`.
 */
export async function frameShowing(text: string, t0: number, state: () => string, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    if (performance.now() - t0 > timeoutMs) throw new Error(`the session did not show: ${state()}`);
    const shown = await new Promise<number | null>((resolve) =>
      requestAnimationFrame(() => resolve(paneShows(text) ? performance.now() : null)),
    );
    if (shown !== null) return shown;
  }
}
