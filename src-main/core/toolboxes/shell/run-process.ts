import { spawn, spawnSync } from 'node:child_process';

/** What a finished (or killed) shell command left. `timedOut`: killed at the deadline. */
export interface ProcessOutcome {
  stdout: string;
  stderr: string;
  code: number | null;
  timedOut: boolean;
  /** The spawn failed (a missing cwd, no shell). */
  error: Error | null;
}

/** A stream's text kept up to `max` bytes, with a note of how much was dropped. */
class BoundedText {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private dropped = 0;
  constructor(private readonly max: number) {}
  push(chunk: Buffer): void {
    const room = this.max - this.size;
    if (room > 0) {
      const kept = chunk.subarray(0, room);
      this.chunks.push(kept);
      this.size += kept.length;
    }
    this.dropped += Math.max(0, chunk.length - Math.max(room, 0));
  }
  text(): string {
    const text = Buffer.concat(this.chunks).toString('utf8');
    return this.dropped ? `${text}\n[output truncated: ${this.dropped} more bytes not kept]` : text;
  }
}

/** Kills a process and everything it started (its process group; on Windows, taskkill /T). */
export function killTree(pid: number): void {
  if (process.platform === 'win32') {
    spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore' });
    return;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Runs `command` through the system shell in its own process group, keeping at most `maxOutputBytes` of each
 * stream. At `timeoutMs`, or when `signal` aborts, the whole tree is killed and the outcome returns at once
 * (children that keep the pipes open do not hold it up).
 */
export function runShell(
  command: string,
  options: { cwd: string; timeoutMs: number; maxOutputBytes: number; signal?: AbortSignal },
): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    const stdout = new BoundedText(options.maxOutputBytes);
    const stderr = new BoundedText(options.maxOutputBytes);
    let settled = false;
    let timedOut = false;
    const child = spawn(command, {
      shell: true,
      cwd: options.cwd,
      detached: process.platform !== 'win32',
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const finish = (code: number | null, error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ stdout: stdout.text(), stderr: stderr.text(), code, timedOut, error });
    };
    const stop = () => {
      if (child.pid) killTree(child.pid);
      child.stdout?.destroy();
      child.stderr?.destroy();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
      finish(null, null);
    }, options.timeoutMs);
    const onAbort = () => {
      stop();
      finish(null, null);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout?.on('data', (c: Buffer) => stdout.push(c));
    child.stderr?.on('data', (c: Buffer) => stderr.push(c));
    child.on('error', (error) => finish(null, error));
    child.on('close', (code) => finish(code, null));
  });
}
