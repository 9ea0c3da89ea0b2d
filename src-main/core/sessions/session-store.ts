import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SessionSummary } from '../../../shared/ipc/contract';
import { TERMINAL_TRACE_TYPES, TraceEvent } from '../../../shared/domain/trace';
import { parseJsonSafe } from '../../../shared/json/safe-json';
import { StudioError } from '../errors';
import { logger } from '../log';
import { assertSessionId } from './session-id';
import { summarize } from './session-summary';
import { SessionWriter } from './session-writer';
import { readSessionMeta, writeSessionMeta } from './session-meta';
import type { SessionMeta } from '../../../shared/domain/time-travel';
import { issuesText } from '../../../shared/domain/issues';

const log = logger('sessions');
const EXT = '.jsonl';

/** A line of a session file that could not be read back. */
export interface SkippedLine {
  line: number;
  error: string;
}

export interface SessionStoreOptions {
  /** A session file cannot be written (or is written again after that): the user must be told. */
  onWriteError?: (sessionId: string, message: string) => void;
  /** Unreadable lines were skipped while loading a session. */
  onSkipped?: (sessionId: string, message: string) => void;
}

/**
 * Chat sessions as JSONL files of trace events (`<dir>/<sessionId>.jsonl`, one event per line). Each session
 * with a run going has one open appender: lines are batched, written in order, and synced to disk at the end
 * of every turn (an assistant message, the run's end); the appender closes when the run ends.
 */
export class SessionStore {
  private readonly writers = new Map<string, SessionWriter>();
  /** Sessions with a run going in this process (its end not appended yet). */
  private readonly running = new Set<string>();
  private readonly summaries = new Map<string, { key: string; summary: SessionSummary }>();

  constructor(
    readonly dir: string,
    private readonly options: SessionStoreOptions = {},
  ) {}

  fileOf(sessionId: string): string {
    assertSessionId(sessionId);
    return path.join(this.dir, `${sessionId}${EXT}`);
  }

  private writer(sessionId: string): SessionWriter {
    let writer = this.writers.get(sessionId);
    if (!writer) {
      const file = this.fileOf(sessionId);
      writer = new SessionWriter(file, (message) => {
        if (this.options.onWriteError) this.options.onWriteError(sessionId, message);
        else log.error(message);
      });
      this.writers.set(sessionId, writer);
    }
    return writer;
  }

  /**
   * Appends one event; resolves when it is written (rejects when it could not be: the store has reported it).
   * A turn's end is synced to disk, and the run's end closes the file.
   */
  append(sessionId: string, event: TraceEvent): Promise<void> {
    const writer = this.writer(sessionId);
    let line: string;
    try {
      line = `${JSON.stringify(event)}\n`;
    } catch (error) {
      // An event that cannot be written as JSON is reported like a failed write, never thrown into the run.
      const message = `A trace event (${event.type}) of session '${sessionId}' cannot be saved: ${(error as Error).message}.`;
      if (this.options.onWriteError) this.options.onWriteError(sessionId, message);
      else log.error(message);
      return Promise.reject(error as Error);
    }
    const written = writer.append(line);
    if (event.type === 'run_started') this.running.add(sessionId);
    if (event.type === 'assistant_message')
      void written.then(
        () => writer.sync(),
        () => undefined,
      );
    if ((TERMINAL_TRACE_TYPES as readonly string[]).includes(event.type)) {
      this.running.delete(sessionId);
      void written
        .catch(() => undefined)
        .then(() => writer.sync())
        .then(() => writer.close());
    }
    return written;
  }

  /** Waits for every pending append and syncs them. */
  async flush(): Promise<void> {
    await Promise.all([...this.writers.values()].map((w) => w.sync()));
  }

  /** A session's metadata (where it came from); {} when it has none. */
  meta(sessionId: string): Promise<SessionMeta> {
    return readSessionMeta(this.fileOf(sessionId));
  }

  /** Writes a session's metadata beside its file (before its first event, so a listing never misses it). */
  async writeMeta(sessionId: string, meta: SessionMeta): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeSessionMeta(this.fileOf(sessionId), meta);
    this.summaries.delete(sessionId);
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
  async load(sessionId: string): Promise<{
    session: SessionSummary;
    events: TraceEvent[];
    skipped: SkippedLine[];
    warnings: string[];
    interruptedRunIds: string[];
  }> {
    const file = this.fileOf(sessionId);
    const writer = this.writers.get(sessionId);
    // Whether a run is going is taken before the read: a run that ends while the file is read is not "interrupted".
    const running = this.running.has(sessionId);
    await writer?.idle();
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
    const interruptedRunIds = unfinishedRuns(events, running);
    const warnings = sessionWarnings(interruptedRunIds, skipped, writer);
    if (skipped.length) {
      const message = `Session '${sessionId}': ${warnings[0]}`;
      if (this.options.onSkipped) this.options.onSkipped(sessionId, message);
      else log.warn(message);
    }
    const { origin } = await this.meta(sessionId);
    const session = { ...summarize(sessionId, events, mtime), ...(origin ? { origin } : {}) };
    return { session, events, skipped, warnings, interruptedRunIds };
  }

  private async summary(sessionId: string): Promise<SessionSummary | null> {
    const file = this.fileOf(sessionId);
    const info = await stat(file);
    const key = `${info.mtimeMs}:${info.size}`;
    const cached = this.summaries.get(sessionId);
    if (cached?.key === key) return cached.summary;
    const { events } = parseSession(await readFile(file, 'utf8'));
    const { origin } = await this.meta(sessionId);
    const summary = { ...summarize(sessionId, events, info.mtimeMs), ...(origin ? { origin } : {}) };
    this.summaries.set(sessionId, { key, summary });
    return summary;
  }
}

/** Runs whose end is not in the file; the last one is left out while a run of the session is going here. */
function unfinishedRuns(events: TraceEvent[], running: boolean): string[] {
  const ended = new Set(events.filter((e) => TERMINAL_TRACE_TYPES.some((t) => t === e.type)).map((e) => e.runId));
  const runs = [...new Set(events.map((e) => e.runId))];
  if (running && runs.length && !ended.has(runs[runs.length - 1])) runs.pop();
  return runs.filter((r) => !ended.has(r));
}

/**
 * What a reopened session lacks, in words: lines that could not be read, and runs whose end is not in the file
 * (the app was killed, or the disk refused the rest). A run still going in this process is not counted.
 */
function sessionWarnings(open: string[], skipped: SkippedLine[], writer?: SessionWriter): string[] {
  const warnings: string[] = [];
  if (skipped.length)
    warnings.push(
      `skipped ${skipped.length} unreadable line(s) of the file: ${skipped
        .slice(0, 5)
        .map((s) => `line ${s.line}: ${s.error}`)
        .join('; ')}${skipped.length > 5 ? '; …' : ''}`,
    );
  if (open.length)
    warnings.push(
      `The file ends before ${open.length === 1 ? 'a run' : `${open.length} runs`} ended: the app stopped, or could not write, before the rest of the trace was saved. What follows is what the file holds.`,
    );
  if (writer && writer.lost > 0)
    warnings.push(`${writer.lost} event(s) of this session could not be written to its file.`);
  return warnings;
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
        error: issuesText(parsed.error.issues, 'event'),
      });
  }
  return { events, skipped };
}

export { historyFromEvents } from './session-summary';
