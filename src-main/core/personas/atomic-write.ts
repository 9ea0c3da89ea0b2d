import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

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
  const temp = path.join(dir, `${TEMP_PREFIX}${path.basename(target)}.${randomBytes(6).toString('hex')}`);
  const handle = await fs.open(temp, 'wx', options.mode ?? 0o644);
  try {
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
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
