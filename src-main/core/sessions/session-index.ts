import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SessionSummary } from '../../../shared/ipc/contract';
import { writeFileAtomic } from '../atomic-write';
import { logger } from '../log';
import { emptySummaryState, foldSummary, summaryOf, type SummaryState } from './session-summary';

const log = logger('sessions');

/** The index's file in the sessions folder (not a session: sessions end in `.jsonl`). */
export const INDEX_FILE = 'sessions-index.json';
const INDEX_VERSION = 1;

interface Entry {
  /** Bytes of the session file folded into `state` (always at a line's end). */
  size: number;
  mtimeMs: number;
  state: SummaryState;
  /** Lines in the first `size` bytes (a tail load counts the events before it from this). */
  lines: number;
}

/** What the index knows of a session file: its summary, and how many lines its first `size` bytes hold. */
export interface IndexedFile {
  summary: SessionSummary;
  size: number;
  lines: number;
}

/**
 * Session summaries kept incrementally: per session file, the summary state of its first `size` bytes. The list
 * reads only what a file gained since (session files are append-only) and re-reads a file that shrank.
 */
export class SessionIndex {
  private entries: Map<string, Entry> | null = null;
  private dirty = false;
  private saving: Promise<void> = Promise.resolve();

  constructor(readonly dir: string) {}

  private get file(): string {
    return path.join(this.dir, INDEX_FILE);
  }

  private async loaded(): Promise<Map<string, Entry>> {
    if (this.entries) return this.entries;
    const entries = new Map<string, Entry>();
    try {
      const json = JSON.parse(await readFile(this.file, 'utf8')) as {
        version?: number;
        sessions?: Record<string, Entry>;
      };
      if (json.version === INDEX_VERSION && json.sessions && typeof json.sessions === 'object')
        for (const [id, entry] of Object.entries(json.sessions))
          if (
            typeof entry?.size === 'number' &&
            typeof entry.lines === 'number' &&
            entry.state &&
            typeof entry.state === 'object'
          )
            entries.set(id, entry);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        log.warn(`the session index could not be read (it is rebuilt): ${(error as Error).message}`);
    }
    this.entries ??= entries;
    return this.entries;
  }

  /** The summary of the session file `file` of `size` bytes (modified at `mtimeMs`), folding what it gained. */
  async summary(sessionId: string, file: string, size: number, mtimeMs: number): Promise<SessionSummary> {
    return (await this.indexed(sessionId, file, size, mtimeMs)).summary;
  }

  /** The summary of a session file and its line count, up to its last whole line (folding what it gained). */
  async indexed(sessionId: string, file: string, size: number, mtimeMs: number): Promise<IndexedFile> {
    const entries = await this.loaded();
    let entry = entries.get(sessionId);
    if (!entry || entry.size > size) entry = { size: 0, mtimeMs, state: emptySummaryState(), lines: 0 };
    if (entry.size < size) {
      entry = { ...entry, state: { ...entry.state } };
      const folded = await foldTail(file, entry.size, size, entry.state);
      entry.size = folded.end;
      entry.lines += folded.lines;
      entry.mtimeMs = mtimeMs;
      entries.set(sessionId, entry);
      this.dirty = true;
    }
    return { summary: summaryOf(sessionId, entry.state, mtimeMs), size: entry.size, lines: entry.lines };
  }

  /** Drops sessions whose files are gone; writes the index when it changed. */
  async save(present: Set<string>): Promise<void> {
    const entries = await this.loaded();
    for (const id of entries.keys())
      if (!present.has(id)) {
        entries.delete(id);
        this.dirty = true;
      }
    if (!this.dirty) return;
    this.dirty = false;
    const text = JSON.stringify({ version: INDEX_VERSION, sessions: Object.fromEntries(entries) });
    this.saving = this.saving
      .then(() => writeFileAtomic(this.file, text))
      .catch((error: Error) => log.warn(`the session index could not be saved: ${error.message}`));
    await this.saving;
  }
}

/**
 * Folds the lines of `file` between `from` and `to` into `state`; returns the offset after the last whole line and
 * how many lines that was.
 */
async function foldTail(
  file: string,
  from: number,
  to: number,
  state: SummaryState,
): Promise<{ end: number; lines: number }> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(to - from);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, from);
    const last = buffer.lastIndexOf(0x0a, bytesRead - 1);
    if (last < 0) return { end: from, lines: 0 };
    const text = buffer.toString('utf8', 0, last + 1);
    const lines = text.split('\n');
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        const event = JSON.parse(line) as Record<string, unknown>;
        if (typeof event.type === 'string' && typeof event.at === 'number')
          foldSummary(state, event as Parameters<typeof foldSummary>[1]);
      } catch {
        // An unreadable line: loading the session reports it.
      }
    }
    return { end: from + last + 1, lines: lines.length - 1 };
  } finally {
    await handle.close();
  }
}
