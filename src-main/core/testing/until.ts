/**
 * Waits until `find` returns something (not undefined, not false), polling every 20 ms, and returns it; throws after
 * `ms`. For a test that waits for an event, a frame or a state another process or socket brings.
 */
export async function until<T>(find: () => T | undefined | false, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
