import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { logger } from '../log';
import { TEMP_PREFIX } from './atomic-write';

const log = logger('data');

/** A temp file without a pid in its name (older versions) is a leftover once it is this old. */
const UNNAMED_STALE_MS = 60_000;

function alive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid a temp file's name carries (`.tmp-<name>.<pid>-<random>`), or null. */
function writerPid(name: string): number | null {
  const match = /\.(\d+)-[0-9a-f]+$/.exec(name);
  return match ? Number(match[1]) : null;
}

/**
 * Removes what interrupted writes left in these folders (temp files of atomic writes, which may hold API keys,
 * and moved-aside stale locks), at start. A temp file whose writer is still running is left alone, and so is an
 * old-style one (no pid in its name) younger than a minute. Returns the removed paths.
 */
export async function removeStaleTempFiles(dirs: string[]): Promise<string[]> {
  const removed: string[] = [];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const isTemp = name.startsWith(TEMP_PREFIX);
      if (!isTemp && !/\.lock\.stale-[0-9a-f]+$/.test(name)) continue;
      const file = path.join(dir, name);
      const pid = isTemp ? writerPid(name) : null;
      if (pid !== null ? alive(pid) : isTemp && (await isYoung(file))) continue;
      try {
        await rm(file, { force: true });
        removed.push(file);
      } catch (error) {
        log.warn(`cannot remove the leftover ${file}: ${(error as Error).message}`);
      }
    }
  }
  return removed;
}

async function isYoung(file: string): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  return info !== null && Date.now() - info.mtimeMs < UNNAMED_STALE_MS;
}
