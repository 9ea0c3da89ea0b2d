type AbortListener =
  ((this: unknown, event: { type: 'abort' }) => void) | { handleEvent(event: { type: 'abort' }): void };

/**
 * The signal one tools/call hands the MCP SDK: what its `Protocol.request` reads of a request's signal
 * (`aborted`, `reason`, `throwIfAborted()`, one 'abort' listener that sends notifications/cancelled) and nothing
 * else. On Node 20 making an AbortController's signal and adding its first listener costs about 7 µs, more than
 * the rest of our side of a call; this costs an object. `mcp-depth.test.ts` pins that aborting it still cancels the
 * call on the server, `request-signal.test.ts` that it behaves as an AbortSignal where the SDK looks.
 */
export class RequestSignal {
  aborted = false;
  reason: unknown = undefined;
  private listeners: AbortListener[] | null = null;

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  addEventListener(type: string, listener: AbortListener | null): void {
    if (type !== 'abort' || !listener || this.aborted) return;
    (this.listeners ??= []).push(listener);
  }

  removeEventListener(type: string, listener: AbortListener | null): void {
    const at = type === 'abort' && listener ? (this.listeners?.indexOf(listener) ?? -1) : -1;
    if (at >= 0) this.listeners!.splice(at, 1);
  }

  /** Aborts once: `reason` (an AbortError DOMException when none, as AbortController's), then each listener once. */
  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
    const listeners = this.listeners;
    this.listeners = null;
    const event = { type: 'abort' as const };
    for (const listener of listeners ?? []) {
      if (typeof listener === 'function') listener.call(this, event);
      else listener.handleEvent(event);
    }
  }

  /** As the SDK's RequestOptions types it (it reads only the members above). */
  asAbortSignal(): AbortSignal {
    return this as unknown as AbortSignal;
  }
}
