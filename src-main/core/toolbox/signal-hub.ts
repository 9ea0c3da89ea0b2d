const hubs = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `listener` once when `signal` aborts, with one listener on the signal however many calls wait on it: a run's
 * signal is shared by all its tool calls, and on Node 20 adding and removing an abort listener costs about 1 µs per
 * call. Listeners run in the order they were added. Remove it with `offAbort` when the call ends.
 */
export function onAbort(signal: AbortSignal, listener: () => void): void {
  let hub = hubs.get(signal);
  if (!hub) {
    const listeners = new Set<() => void>();
    hubs.set(signal, (hub = listeners));
    signal.addEventListener(
      'abort',
      () => {
        const waiting = [...listeners];
        listeners.clear();
        for (const l of waiting) l();
      },
      { once: true },
    );
  }
  hub.add(listener);
}

/** Stops `listener` from hearing `signal`'s abort. */
export function offAbort(signal: AbortSignal, listener: () => void): void {
  hubs.get(signal)?.delete(listener);
}
