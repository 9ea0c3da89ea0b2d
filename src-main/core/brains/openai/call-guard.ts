/** Which of a call's timers ran out. */
export type TimeoutKind = 'idle' | 'total';

/**
 * Bounds one provider call: one AbortController fed by the caller's signal and by two timers. The idle timer
 * covers waiting for the provider (headers, then each piece of data); for streams `touch()` restarts it when a
 * chunk brings data. The total timer is never restarted: a reply that goes on forever still ends.
 */
export class CallGuard {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private readonly totalTimer: NodeJS.Timeout | undefined;
  private readonly onAbort = () => this.controller.abort(this.callerSignal?.reason);
  /** Set when one of our timers aborted the call. */
  timedOut: TimeoutKind | null = null;

  constructor(
    private readonly timeoutMs: number,
    private readonly callerSignal?: AbortSignal,
    totalMs?: number,
  ) {
    if (callerSignal?.aborted) this.controller.abort(callerSignal.reason);
    else callerSignal?.addEventListener('abort', this.onAbort, { once: true });
    if (totalMs !== undefined && !this.controller.signal.aborted)
      this.totalTimer = setTimeout(() => this.expire('total'), totalMs);
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  private expire(kind: TimeoutKind) {
    if (this.controller.signal.aborted) return;
    this.timedOut = kind;
    clearTimeout(this.timer);
    this.controller.abort(new Error('timeout'));
  }

  /** Restarts the idle timer. */
  touch() {
    clearTimeout(this.timer);
    if (this.controller.signal.aborted) return;
    this.timer = setTimeout(() => this.expire('idle'), this.timeoutMs);
  }

  /** Stops the idle timer while the consumer, not the provider, has the turn (the total timer runs on). */
  pause() {
    clearTimeout(this.timer);
  }

  /** Drops the request (a consumer that stopped reading, or a reply past its size limit). */
  abort() {
    this.controller.abort(new Error('abandoned'));
  }

  dispose() {
    clearTimeout(this.timer);
    clearTimeout(this.totalTimer);
    this.callerSignal?.removeEventListener('abort', this.onAbort);
  }
}
