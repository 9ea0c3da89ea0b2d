import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { StudioError } from '../errors';
import { unwritable } from './atomic-write';

/** A lock older than this is taken over even when its process seems alive (a reused pid). */
const STALE_MS = 30_000;
/** How long to wait for another process's lock before giving up with an error. */
const WAIT_MS = 15_000;

export interface FileLockOptions {
  staleMs?: number;
  waitMs?: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `fn` while holding `<file>.lock`, a lock file shared by every process (app, CLI, MCP server) that writes
 * `file`. The lock holds the owner's pid; one whose process is gone, or older than `staleMs`, is taken over.
 */
export async function withFileLock<T>(file: string, fn: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const lock = `${file}.lock`;
  const token = `${process.pid} ${randomBytes(6).toString('hex')}`;
  const deadline = Date.now() + (options.waitMs ?? WAIT_MS);
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(lock, 'wx', 0o600);
      try {
        await handle.writeFile(token, 'utf8');
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw unwritable(file, error as NodeJS.ErrnoException);
    }
    const holder = await readFile(lock, 'utf8').catch(() => null);
    if (holder !== null && (await isStale(lock, holder, options.staleMs ?? STALE_MS))) {
      await takeOver(lock, holder);
      continue;
    }
    if (Date.now() > deadline) {
      throw new StudioError(
        'internal',
        `${file} is locked by another process (${lock}, pid ${holder?.split(' ')[0] ?? '?'}); try again, or remove the lock file if no Persona Studio is running.`,
        { path: lock },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, 2 + attempt * 2) * (0.5 + Math.random())));
  }
  try {
    return await fn();
  } finally {
    const current = await readFile(lock, 'utf8').catch(() => null);
    if (current === token) await rm(lock, { force: true });
  }
}

async function isStale(lock: string, holder: string, staleMs: number): Promise<boolean> {
  const pid = Number(holder.split(' ')[0]);
  if (Number.isInteger(pid) && pid > 0 && !alive(pid)) return true;
  const info = await stat(lock).catch(() => null);
  // A lock file still empty was just created: its writer is between open and write.
  if (!info || (holder === '' && Date.now() - info.mtimeMs < 2000)) return false;
  return holder === '' || Date.now() - info.mtimeMs > staleMs;
}

/**
 * Moves a stale lock aside. Two processes may judge the same lock stale: the rename lets only one of them move
 * it, and one that moved a fresh lock (taken meanwhile) puts it back.
 */
async function takeOver(lock: string, holder: string): Promise<void> {
  const aside = `${lock}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(lock, aside);
  } catch {
    return;
  }
  const moved = await readFile(aside, 'utf8').catch(() => holder);
  if (moved !== holder) await link(aside, lock).catch(() => undefined);
  await rm(aside, { force: true });
}
