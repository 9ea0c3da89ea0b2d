/**
 * Bounds one provider call: one AbortController fed by the caller's signal and by a timer. The timer covers the
 * whole call (headers and body); for streams `touch()` restarts it on every chunk, so it is an idle timeout.
 */
export class CallGuard {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private readonly onAbort = () => this.controller.abort(this.callerSignal?.reason);
  timedOut = false;

  constructor(
    private readonly timeoutMs: number,
    private readonly callerSignal?: AbortSignal,
  ) {
    if (callerSignal?.aborted) this.controller.abort(callerSignal.reason);
    else callerSignal?.addEventListener('abort', this.onAbort, { once: true });
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Restarts the timer. */
  touch() {
    clearTimeout(this.timer);
    if (this.controller.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error('timeout'));
    }, this.timeoutMs);
  }

  /** Stops the timer while the consumer, not the provider, has the turn. */
  pause() {
    clearTimeout(this.timer);
  }

  /** Drops the request (a consumer that stopped reading). */
  abort() {
    this.controller.abort(new Error('abandoned'));
  }

  dispose() {
    clearTimeout(this.timer);
    this.callerSignal?.removeEventListener('abort', this.onAbort);
  }
}
