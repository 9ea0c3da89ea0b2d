import { readFile } from 'node:fs/promises';
import { SessionMeta } from '../../../shared/domain/time-travel';
import { parseJsonSafe } from '../../../shared/json/safe-json';
import { writeFileAtomic } from '../atomic-write';
import { logger } from '../log';

const log = logger('sessions');
/** A meta file is a few hundred bytes; anything far larger is not ours. */
const MAX_META_BYTES = 64 * 1024;

/** `<dir>/<sessionId>.meta.json`: where a session came from, beside its trace file (never inside it). */
export function metaFileOf(sessionFile: string): string {
  return sessionFile.replace(/\.jsonl$/, '.meta.json');
}

/** A session's metadata; {} when it has none, or when the file is unreadable (said in the log, never fatal). */
export async function readSessionMeta(sessionFile: string): Promise<SessionMeta> {
  let text: string;
  try {
    text = await readFile(metaFileOf(sessionFile), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`session meta unreadable: ${String(error)}`);
    return {};
  }
  try {
    if (text.length > MAX_META_BYTES) throw new Error(`larger than ${MAX_META_BYTES} bytes`);
    return SessionMeta.parse(parseJsonSafe(text));
  } catch (error) {
    log.warn(`session meta ${metaFileOf(sessionFile)} ignored: ${(error as Error).message}`);
    return {};
  }
}

/** Writes a session's metadata atomically. */
export async function writeSessionMeta(sessionFile: string, meta: SessionMeta): Promise<void> {
  await writeFileAtomic(metaFileOf(sessionFile), `${JSON.stringify(SessionMeta.parse(meta), null, 2)}\n`);
}
