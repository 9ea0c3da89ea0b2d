import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { StudioError } from '../errors';

/** Hooks for tests that stop a write between its steps. */
export interface AtomicWriteOptions {
  mode?: number;
  /** Called after the temp file is written and synced, before the rename. */
  beforeRename?: (tempPath: string) => Promise<void> | void;
  rename?: (from: string, to: string) => Promise<void>;
}

/** Temp files of atomic writes start with this; listings skip them. */
export const TEMP_PREFIX = '.tmp-';

/**
 * Writes a file so that readers see the old content or the new one, never half of it:
 * a temp file in the same folder, fsync, rename over the target, fsync of the folder.
 */
export async function writeFileAtomic(target: string, data: string, options: AtomicWriteOptions = {}): Promise<void> {
  const dir = path.dirname(target);
  // The writer's pid is in the name, so a later start can tell a dead writer's leftover from a write under way.
  const temp = path.join(
    dir,
    `${TEMP_PREFIX}${path.basename(target)}.${process.pid}-${randomBytes(6).toString('hex')}`,
  );
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(temp, 'wx', options.mode ?? 0o644);
  } catch (error) {
    throw unwritable(target, error as NodeJS.ErrnoException);
  }
  try {
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } catch (error) {
      throw unwritable(target, error as NodeJS.ErrnoException);
    } finally {
      await handle.close();
    }
    if (options.mode !== undefined) await fs.chmod(temp, options.mode);
    await options.beforeRename?.(temp);
    await (options.rename ?? fs.rename)(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await syncDir(dir);
}

async function syncDir(dir: string): Promise<void> {
  let handle: fs.FileHandle | null = null;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Some platforms (Windows) cannot fsync a folder; the rename is still atomic there.
  } finally {
    await handle?.close();
  }
}

/** A write that cannot happen, in words (read-only disk, full disk, no permission, no folder); the target is untouched. */
export function unwritable(target: string, error: NodeJS.ErrnoException): StudioError {
  const reasons: Record<string, string> = {
    EROFS: 'the disk is read-only',
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EACCES: 'no permission to write in its folder',
    EPERM: 'no permission to write in its folder',
    ENOENT: 'its folder does not exist',
    ENOTDIR: 'its folder does not exist (a file is in the way)',
  };
  const why = (error.code && reasons[error.code]) ?? error.message;
  return new StudioError(
    'forbidden',
    `Cannot write ${target}: ${why}. Nothing was changed.`,
    { path: target, code: error.code },
    { cause: error },
  );
}
