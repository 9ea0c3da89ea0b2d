import { existsSync } from 'node:fs';
import { link, rename, rm } from 'node:fs/promises';
import { StudioError } from '../errors';

/** Moves `from` to `to` unless `to` exists (then `refuse()` is thrown); hard links make that check atomic. */
export async function renameNoReplace(from: string, to: string, refuse: () => Error): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw refuse();
    // A file system without hard links (FAT, some network shares): check, then rename.
    if (existsSync(to)) throw refuse();
    await rename(from, to);
    return;
  }
  await rm(from, { force: true });
}

/** A delete that cannot happen (read-only disk, no permission), in words; the file is still there. */
export function undeletable(file: string, error: NodeJS.ErrnoException): StudioError {
  const reasons: Record<string, string> = {
    EROFS: 'the disk is read-only',
    EACCES: 'no permission to change its folder',
    EPERM: 'no permission to change its folder',
    EBUSY: 'the file is in use',
  };
  const why = (error.code && reasons[error.code]) ?? error.message;
  return new StudioError('forbidden', `Cannot delete ${file}: ${why}. Nothing was changed.`, {
    path: file,
    code: error.code,
  });
}
