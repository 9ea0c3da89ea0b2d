import { PausableTimer } from '../../toolbox/pausable-timer';

/**
 * One tools/call in flight: the server's `timeout` as a pausable clock (restarted by progress, stopped while the
 * server waits for the user, as is the loop's own timeout through `pauseTimeout`), aborting the call when it ends.
 */
export class InFlightCall {
  timedOut = false;
  private readonly controller = new AbortController();
  private timer: PausableTimer;
  private readonly onAbort = () => this.controller.abort(this.outer.reason);

  constructor(
    private readonly ms: number,
    private readonly outer: AbortSignal,
    private readonly pauseOuter?: () => () => void,
  ) {
    outer.addEventListener('abort', this.onAbort, { once: true });
    this.timer = this.start();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  restart(): void {
    this.timer.clear();
    this.timer = this.start();
  }

  pause(): () => void {
    const own = this.timer.pause();
    const outer = this.pauseOuter?.();
    return () => {
      own();
      outer?.();
    };
  }

  end(): void {
    this.timer.clear();
    this.outer.removeEventListener('abort', this.onAbort);
  }

  private start(): PausableTimer {
    return new PausableTimer(this.ms, () => {
      this.timedOut = true;
      this.controller.abort();
    });
  }
}
