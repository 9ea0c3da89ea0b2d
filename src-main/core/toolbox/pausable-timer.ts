/**
 * A timeout that can stop while someone else's time runs (a dialog waiting for the user): `pause()` stops it and
 * returns the resume; pauses nest (it runs again when the last one resumed). `onExpire` fires at most once.
 * Running timers share one Node timer (see `running`): a tool call starts two of them, and a setTimeout and its
 * clearTimeout each cost more than the rest of the timer.
 */
export class PausableTimer {
  /** When it expires (performance.now()), while it runs. */
  deadline = 0;
  private remaining: number;
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
      unschedule(this);
      this.remaining = this.deadline - performance.now();
    }
    let resumed = false;
    return () => {
      if (resumed || this.done) return;
      resumed = true;
      if (--this.holds === 0) this.start();
    };
  }

  clear(): void {
    if (this.done) return;
    this.done = true;
    if (this.holds === 0) unschedule(this);
  }

  /** Called by the schedule when its deadline has come. */
  expire(): void {
    if (this.done) return;
    this.done = true;
    this.onExpire();
  }

  private start(): void {
    this.deadline = performance.now() + Math.max(0, this.remaining);
    schedule(this);
  }
}

/**
 * The running timers by deadline (equal ones in the order they started: a call's own timeout, started first, fires
 * first), and one Node timer armed for the earliest deadline. It is left armed when the timers it was for are
 * cleared (unreferenced, so it keeps no process alive): calls started one after another, with the same timeout,
 * then need no new setTimeout, since their deadlines come later; when it fires early it is armed again.
 */
const running: PausableTimer[] = [];
let node: ReturnType<typeof setTimeout> | undefined;
let armedFor = Infinity;

function schedule(timer: PausableTimer): void {
  let at = running.length;
  while (at > 0 && running[at - 1].deadline > timer.deadline) at--;
  if (at === running.length) running.push(timer);
  else running.splice(at, 0, timer);
  if (!node || timer.deadline < armedFor) arm(timer.deadline);
  else if (running.length === 1) node.ref();
}

function unschedule(timer: PausableTimer): void {
  const at = running.lastIndexOf(timer);
  if (at < 0) return;
  running.splice(at, 1);
  if (running.length === 0) node?.unref();
}

function arm(deadline: number): void {
  if (node) clearTimeout(node);
  armedFor = deadline;
  node = setTimeout(fire, Math.max(0, deadline - performance.now()));
}

function fire(): void {
  node = undefined;
  armedFor = Infinity;
  const now = performance.now();
  // Node's timers count whole milliseconds: within one of its deadline a timer is due.
  let due = 0;
  while (due < running.length && running[due].deadline - now < 1) due++;
  const expired = running.splice(0, due);
  if (running.length) arm(running[0].deadline);
  let failure: { error: unknown } | null = null;
  for (const timer of expired) {
    try {
      timer.expire();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}
