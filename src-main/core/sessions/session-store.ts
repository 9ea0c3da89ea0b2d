import { mkdir, open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SessionSummary } from '../../../shared/ipc/contract';
import { TraceEvent } from '../../../shared/domain/trace';
import { parseJsonSafe } from '../../../shared/json/safe-json';
import { StudioError } from '../errors';
import { logger } from '../log';
import { assertSessionId } from './session-id';
import { summarize } from './session-summary';

const log = logger('sessions');
const EXT = '.jsonl';

/** A line of a session file that could not be read back. */
export interface SkippedLine {
  line: number;
  error: string;
}

/**
 * Chat sessions as JSONL files of trace events (`<dir>/<sessionId>.jsonl`, one event per line).
 * Appends to one session are serialized, so lines never interleave; a corrupt line is skipped and reported.
 */
export class SessionStore {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly summaries = new Map<string, { key: string; summary: SessionSummary }>();
  private dirReady: Promise<unknown> | null = null;

  constructor(readonly dir: string) {}

  fileOf(sessionId: string): string {
    assertSessionId(sessionId);
    return path.join(this.dir, `${sessionId}${EXT}`);
  }

  /** Appends one event; resolves when it is on disk. */
  append(sessionId: string, event: TraceEvent): Promise<void> {
    const file = this.fileOf(sessionId);
    const line = `${JSON.stringify(event)}\n`;
    const previous = this.queues.get(sessionId) ?? Promise.resolve();
    const next = previous.then(async () => {
      this.dirReady ??= mkdir(this.dir, { recursive: true });
      await this.dirReady;
      await appendLine(file, line);
    });
    const tail = next.catch(() => undefined);
    this.queues.set(sessionId, tail);
    void tail.then(() => {
      if (this.queues.get(sessionId) === tail) this.queues.delete(sessionId);
    });
    return next;
  }

  /** Waits for every pending append. */
  async flush(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  /** Every session (of one persona, when given), most recently updated first. */
  async list(personaId?: string): Promise<SessionSummary[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith(EXT));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const out: SessionSummary[] = [];
    for (const name of names) {
      const sessionId = name.slice(0, -EXT.length);
      try {
        assertSessionId(sessionId);
        const summary = await this.summary(sessionId);
        if (summary && (personaId === undefined || summary.personaId === personaId)) out.push(summary);
      } catch (error) {
        log.warn(`session '${name}' could not be listed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return out.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** A session's summary and events; unknown -> `session_not_found`. */
  async load(sessionId: string): Promise<{ session: SessionSummary; events: TraceEvent[]; skipped: SkippedLine[] }> {
    const file = this.fileOf(sessionId);
    await this.queues.get(sessionId);
    let text: string;
    let mtime: number;
    try {
      [text, mtime] = await Promise.all([readFile(file, 'utf8'), stat(file).then((s) => s.mtimeMs)]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new StudioError('session_not_found', `No session '${sessionId}'.`, { sessionId });
      throw error;
    }
    const { events, skipped } = parseSession(text);
    if (skipped.length)
      log.warn(
        `session '${sessionId}': skipped ${skipped.length} unreadable line(s): ${skipped.map((s) => `line ${s.line}: ${s.error}`).join('; ')}`,
      );
    return { session: summarize(sessionId, events, mtime), events, skipped };
  }

  private async summary(sessionId: string): Promise<SessionSummary | null> {
    const file = this.fileOf(sessionId);
    const info = await stat(file);
    const key = `${info.mtimeMs}:${info.size}`;
    const cached = this.summaries.get(sessionId);
    if (cached?.key === key) return cached.summary;
    const { events } = parseSession(await readFile(file, 'utf8'));
    const summary = summarize(sessionId, events, info.mtimeMs);
    this.summaries.set(sessionId, { key, summary });
    return summary;
  }
}

/**
 * Appends one line. When the file does not end with a newline (a process that crashed mid-write left half a
 * line), the new line starts on a line of its own, so only the broken line is lost, not the next event too.
 */
async function appendLine(file: string, line: string): Promise<void> {
  const handle = await open(file, 'a+');
  try {
    const { size } = await handle.stat();
    let prefix = '';
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) prefix = '\n';
    }
    await handle.write(prefix + line, null, 'utf8');
  } finally {
    await handle.close();
  }
}

/** Parses a session file's lines; an unreadable or invalid line is skipped and reported. */
export function parseSession(text: string): { events: TraceEvent[]; skipped: SkippedLine[] } {
  const events: TraceEvent[] = [];
  const skipped: SkippedLine[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    let json: unknown;
    try {
      json = parseJsonSafe(line);
    } catch (error) {
      skipped.push({ line: i + 1, error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const parsed = TraceEvent.safeParse(json);
    if (parsed.success) events.push(parsed.data);
    else
      skipped.push({
        line: i + 1,
        error: parsed.error.issues.map((x) => `${x.path.join('.') || 'event'}: ${x.message}`).join('; '),
      });
  }
  return { events, skipped };
}

export { historyFromEvents } from './session-summary';
