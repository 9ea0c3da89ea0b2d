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
          if (typeof entry?.size === 'number' && entry.state && typeof entry.state === 'object') entries.set(id, entry);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        log.warn(`the session index could not be read (it is rebuilt): ${(error as Error).message}`);
    }
    this.entries ??= entries;
    return this.entries;
  }

  /** The summary of the session file `file` of `size` bytes (modified at `mtimeMs`), folding what it gained. */
  async summary(sessionId: string, file: string, size: number, mtimeMs: number): Promise<SessionSummary> {
    const entries = await this.loaded();
    let entry = entries.get(sessionId);
    if (!entry || entry.size > size) entry = { size: 0, mtimeMs, state: emptySummaryState() };
    if (entry.size < size) {
      entry = { ...entry, state: { ...entry.state } };
      entry.size = await foldTail(file, entry.size, size, entry.state);
      entry.mtimeMs = mtimeMs;
      entries.set(sessionId, entry);
      this.dirty = true;
    }
    return summaryOf(sessionId, entry.state, mtimeMs);
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

/** Folds the lines of `file` between `from` and `to` into `state`; returns the offset after the last whole line. */
async function foldTail(file: string, from: number, to: number, state: SummaryState): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(to - from);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, from);
    const last = buffer.lastIndexOf(0x0a, bytesRead - 1);
    if (last < 0) return from;
    const text = buffer.toString('utf8', 0, last + 1);
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const event = JSON.parse(line) as Record<string, unknown>;
        if (typeof event.type === 'string' && typeof event.at === 'number')
          foldSummary(state, event as Parameters<typeof foldSummary>[1]);
      } catch {
        // An unreadable line: loading the session reports it.
      }
    }
    return from + last + 1;
  } finally {
    await handle.close();
  }
}
