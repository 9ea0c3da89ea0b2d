import { open, type FileHandle } from 'node:fs/promises';
import { HEADER_LINE } from './session-codec';

/** The end of a session file read backwards: its text, where it starts (bytes), its first line's number. */
export interface FileTail {
  text: string;
  /** Byte offset of `text` in the file (0: the text starts the file). */
  start: number;
  /** Byte offset where `text` ends (the file's size, or the `end` asked for). */
  end: number;
  /** The file starts with our header (format 2, written by this app): its lines get the cheap check. */
  trusted: boolean;
}

const FIRST_CHUNK = 256 * 1024;
const NEWLINE = 0x0a;
const RUN_STARTED = Buffer.from('"run_started"');

/**
 * Reads a session file backwards from `end` (its size when not given) until it has at least `lines` lines and the
 * oldest of them starts a run (a run's lines refer to its earlier ones, so a run is read whole), or the file's
 * start. Only the text read is decoded; the rest of the file is never parsed. A file without our header (imported,
 * or older than format 2) is read whole: each of its events is validated, which needs them all.
 */
export async function readTail(file: string, lines: number, end?: number): Promise<FileTail> {
  const handle = await open(file, 'r');
  try {
    const size = end ?? (await handle.stat()).size;
    const trusted = await hasHeader(handle, size);
    if (!trusted) lines = Infinity;
    let buf: Buffer = Buffer.alloc(0);
    /** Byte offset in the file of buf[0]. */
    let pos = size;
    /** Start of the oldest whole line found so far (file offset), and how many lines start at or after it. */
    let cut = size;
    let found = 0;
    let chunk = FIRST_CHUNK;
    // A line's end at the very end of the file closes the last line; it does not start one.
    let scan = size - 1;
    for (;;) {
      const from = Math.max(0, pos - chunk);
      const more = Buffer.alloc(pos - from);
      await readFully(handle, more, from);
      buf = Buffer.concat([more, buf]);
      if (pos === size && end !== undefined && size > 0 && buf[buf.length - 1] !== NEWLINE)
        throw new RangeError(`byte ${end} does not end a line of the session file`);
      pos = from;
      chunk *= 2;
      for (let at = buf.lastIndexOf(NEWLINE, scan - pos); at >= 0; at = buf.lastIndexOf(NEWLINE, scan - pos)) {
        scan = pos + at - 1;
        const start = pos + at + 1;
        if (start < cut) {
          const line = buf.subarray(start - pos, cut - pos);
          cut = start;
          if (line.length > 1) found++;
          if (found >= lines && startsRun(line)) return tail(buf, pos, cut, size, trusted);
        }
        if (at === 0) break;
      }
      if (pos === 0) return tail(buf, 0, 0, size, trusted);
      scan = Math.min(scan, pos - 1);
    }
  } finally {
    await handle.close();
  }
}

/** Counts the lines of `file` before byte `end` (each ends with a newline), reading it in chunks. */
export async function countLines(file: string, end: number): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(Math.min(end, 4 * 1024 * 1024));
    let count = 0;
    for (let pos = 0; pos < end; pos += buf.length) {
      const n = Math.min(buf.length, end - pos);
      const { bytesRead } = await handle.read(buf, 0, n, pos);
      for (let at = buf.indexOf(NEWLINE, 0); at >= 0 && at < bytesRead; at = buf.indexOf(NEWLINE, at + 1)) count++;
      if (bytesRead < n) break;
    }
    return count;
  } finally {
    await handle.close();
  }
}

function tail(buf: Buffer, pos: number, cut: number, end: number, trusted: boolean): FileTail {
  return { text: buf.toString('utf8', cut - pos), start: cut, end, trusted };
}

/** Whether a stored line is a run's start: its top-level `type` (checked by parsing only lines that name it). */
function startsRun(line: Buffer): boolean {
  if (line.indexOf(RUN_STARTED) < 0) return false;
  try {
    return (JSON.parse(line.toString('utf8')) as { type?: unknown } | null)?.type === 'run_started';
  } catch {
    return false;
  }
}

async function hasHeader(handle: FileHandle, size: number): Promise<boolean> {
  const header = Buffer.from(HEADER_LINE);
  if (size < header.length) return false;
  const buf = Buffer.alloc(header.length);
  await readFully(handle, buf, 0);
  return buf.equals(header);
}

async function readFully(handle: FileHandle, buf: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < buf.length) {
    const { bytesRead } = await handle.read(buf, done, buf.length - done, position + done);
    if (bytesRead === 0) throw new Error(`the session file ended before byte ${position + buf.length}`);
    done += bytesRead;
  }
}
