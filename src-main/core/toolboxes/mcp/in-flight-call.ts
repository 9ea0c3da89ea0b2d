import type { ToolCallContext } from '../../toolbox/agent-tool';
import { PausableTimer } from '../../toolbox/pausable-timer';
import { RequestSignal } from './request-signal';

/**
 * One tools/call in flight: the server's `timeout` as a pausable clock (restarted by progress, stopped while the
 * server waits for the user, as is the loop's own timeout through `pauseTimeout`), aborting the call when it ends.
 * Its signal (the one the SDK gets, a RequestSignal: no AbortController) is the only one a call makes: the caller's
 * cancel reaches it through the context's `onAbort` when it has one, so the context's own signal is never made.
 */
export class InFlightCall {
  timedOut = false;
  /** Whether the caller cancelled the call (or its loop timeout ended it). */
  cancelled = false;
  private readonly controller = new RequestSignal();
  private timer: PausableTimer;
  private readonly unsubscribe: () => void;
  private readonly pauseOuter: (() => () => void) | undefined;

  constructor(
    private readonly ms: number,
    outer: Pick<ToolCallContext, 'signal' | 'onAbort' | 'pauseTimeout'>,
  ) {
    const onAbort = (reason: unknown) => {
      this.cancelled = true;
      this.controller.abort(reason);
    };
    this.pauseOuter = outer.pauseTimeout;
    if (outer.onAbort) this.unsubscribe = outer.onAbort(onAbort);
    else {
      const signal = outer.signal;
      const listener = () => onAbort(signal.reason);
      if (signal.aborted) listener();
      else signal.addEventListener('abort', listener, { once: true });
      this.unsubscribe = () => signal.removeEventListener('abort', listener);
    }
    this.timer = this.start();
  }

  get signal(): AbortSignal {
    return this.controller.asAbortSignal();
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
    this.unsubscribe();
  }

  private start(): PausableTimer {
    return new PausableTimer(this.ms, () => {
      this.timedOut = true;
      this.controller.abort();
    });
  }
}
