/**
 * A timeout that can stop while someone else's time runs (a dialog waiting for the user): `pause()` stops it and
 * returns the resume; pauses nest (it runs again when the last one resumed). `onExpire` fires at most once.
 */
export class PausableTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private remaining: number;
  private startedAt = 0;
  private holds = 0;
  private done = false;

  constructor(
    ms: number,
    private readonly onExpire: () => void,
  ) {
    this.remaining = ms;
    this.start();
  }

  /** Stops the clock until the returned function is called (once). */
  pause(): () => void {
    if (this.done) return () => undefined;
    if (this.holds++ === 0) {
      clearTimeout(this.timer);
      this.remaining -= performance.now() - this.startedAt;
    }
    let resumed = false;
    return () => {
      if (resumed || this.done) return;
      resumed = true;
      if (--this.holds === 0) this.start();
    };
  }

  clear(): void {
    this.done = true;
    clearTimeout(this.timer);
  }

  private start(): void {
    this.startedAt = performance.now();
    this.timer = setTimeout(
      () => {
        this.done = true;
        this.onExpire();
      },
      Math.max(0, this.remaining),
    );
  }
}
