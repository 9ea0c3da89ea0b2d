import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SessionSummary } from '../../../shared/ipc/contract';
import type { TraceEvent } from '../../../shared/domain/trace';
import { sessionWarnings, unfinishedRuns } from './session-warnings';
import { StudioError } from '../errors';
import { logger } from '../log';
import { HEADER_LINE } from './session-codec';
import { parseLines, rebuildEvents, type ParsedSession, type SkippedLine } from './session-decoder';
import { countLines, readTail } from './session-tail';
import { assertSessionId } from './session-id';
import { SessionIndex } from './session-index';
import { historyFromEvents, summarize } from './session-summary';
import { conversationText } from './session-history';
import type { AgentMessage } from '../../../shared/domain/message';
import type { SessionWriter } from './session-writer';
import { SessionAppender } from './session-appender';
import { readSessionMeta, writeSessionMeta } from './session-meta';
import type { SessionMeta } from '../../../shared/domain/time-travel';

const log = logger('sessions');
const EXT = '.jsonl';

export type { SkippedLine } from './session-decoder';

export interface SessionStoreOptions {
  /** A session file cannot be written (or is written again after that): the user must be told. */
  onWriteError?: (sessionId: string, message: string) => void;
  /** Unreadable lines were skipped while loading a session. */
  onSkipped?: (sessionId: string, message: string) => void;
}

/** How a load gives large payloads: their whole text (`inline`), or a preview and a reference (`refs`). */
export interface LoadOptions {
  payloads?: 'inline' | 'refs';
}

/** Which events a tail load wants: the newest `limit` before byte `before` (a cursor an earlier load gave). */
export interface TailOptions extends LoadOptions {
  limit: number;
  before?: number;
}

/** A tail load: the newest events asked for, how many older ones the file has, and the cursor to them. */
export interface LoadedTail extends LoadedSession {
  /** Events of the file before `events` (counted by lines: an unreadable one counts too). */
  omitted: number;
  /** Where the lines of `events` start in the file (bytes): `before` for the page before them; absent at its start. */
  earlier?: number;
}

/** A loaded session: its summary, its events (requests rebuilt), what the file lacks. */
export interface LoadedSession {
  session: SessionSummary;
  events: TraceEvent[];
  skipped: SkippedLine[];
  warnings: string[];
  interruptedRunIds: string[];
}

/**
 * Chat sessions as JSONL files of trace events (`<dir>/<sessionId>.jsonl`, one event per line, stored as
 * session-codec.ts says), large payloads in `<sessionId>.jsonl.payloads`, summaries in the session index. Each
 * session with a run going has one open appender: lines are batched, written in order, and synced to disk at the
 * end of every turn (an assistant message, the run's end); the appender closes when the run ends. Readers get
 * whole events: `load` and `event` rebuild what the file stores as references.
 */
export class SessionStore {
  private readonly appender: SessionAppender;
  private readonly index: SessionIndex;

  constructor(
    readonly dir: string,
    private readonly options: SessionStoreOptions = {},
  ) {
    this.index = new SessionIndex(dir);
    this.appender = new SessionAppender((sessionId) => this.fileOf(sessionId), options.onWriteError);
  }

  fileOf(sessionId: string): string {
    assertSessionId(sessionId);
    return path.join(this.dir, `${sessionId}${EXT}`);
  }

  /**
   * Appends one event; resolves when it is written (rejects when it could not be: the store has reported it).
   * A turn's end is synced to disk, and the run's end closes the file.
   */
  append(sessionId: string, event: TraceEvent): Promise<void> {
    return this.appender.append(sessionId, event);
  }

  /**
   * The event as a window is sent it: large payloads as a preview and a reference (chat.payload fetches them),
   * an assistant event without its raw exchange (chat.traceEvent fetches the whole event). Other fields as they are.
   */
  forWindow(event: TraceEvent): TraceEvent {
    return this.appender.forWindow(event);
  }

  /** At most how long the JSON of any field of an appended event's window form is (its request aside). */
  fieldCharsAtMost(event: TraceEvent): number | undefined {
    return this.appender.fieldCharsAtMost(event);
  }

  /** Waits for every pending append and syncs them. */
  flush(): Promise<void> {
    return this.appender.flush();
  }

  /** A session's metadata (where it came from); {} when it has none. */
  meta(sessionId: string): Promise<SessionMeta> {
    return readSessionMeta(this.fileOf(sessionId));
  }

  /** Writes a session's metadata beside its file (before its first event, so a listing never misses it). */
  async writeMeta(sessionId: string, meta: SessionMeta): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeSessionMeta(this.fileOf(sessionId), meta);
  }

  /** Every session (of one persona, when given), most recently updated first; from the index, not the files. */
  async list(personaId?: string): Promise<SessionSummary[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith(EXT));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const out: SessionSummary[] = [];
    const present = new Set<string>();
    for (const name of names) {
      const sessionId = name.slice(0, -EXT.length);
      try {
        const file = this.fileOf(sessionId);
        const info = await stat(file);
        present.add(sessionId);
        const indexed = await this.index.summary(sessionId, file, info.size, info.mtimeMs);
        const { origin } = await this.meta(sessionId);
        const summary = origin ? { ...indexed, origin } : indexed;
        if (personaId === undefined || summary.personaId === personaId) out.push(summary);
      } catch (error) {
        log.warn(`session '${name}' could not be listed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await this.index.save(present);
    return out.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /**
   * A session's summary and whole events (requests rebuilt; large payloads inline unless `payloads: 'refs'`);
   * unknown -> `session_not_found`.
   */
  async load(sessionId: string, options: LoadOptions = {}): Promise<LoadedSession> {
    const file = this.fileOf(sessionId);
    const writer = this.appender.writerOf(sessionId);
    // Whether a run is going is taken before the read: a run that ends while the file is read is not "interrupted".
    const running = this.appender.isRunning(sessionId);
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
    const { events, skipped } = await this.decode(sessionId, parseLines(text), options);
    const { origin } = await this.meta(sessionId);
    const session = { ...summarize(sessionId, events, mtime), ...(origin ? { origin } : {}) };
    return { session, events, skipped, ...this.lacks(sessionId, events, skipped, running, writer) };
  }

  /**
   * The newest `limit` events of a session (before byte `before`, a cursor a load gave), reading the file
   * backwards: only the lines of those events' runs are parsed. Our own files (format 2 header) get a cheap
   * check per line; any other file is read whole and every event validated. The summary comes from the index.
   */
  async loadTail(sessionId: string, options: TailOptions): Promise<LoadedTail> {
    const file = this.fileOf(sessionId);
    const writer = this.appender.writerOf(sessionId);
    const running = this.appender.isRunning(sessionId);
    await writer?.idle();
    const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new StudioError('session_not_found', `No session '${sessionId}'.`, { sessionId });
      throw error;
    });
    const end = options.before ?? info.size;
    if (!Number.isInteger(end) || end < 0 || end > info.size)
      throw new StudioError('bad_input', `No position ${end} in session '${sessionId}' (${info.size} bytes).`);
    const tail = await readTail(file, options.limit, options.before).catch((error: Error) => {
      if (error instanceof RangeError)
        throw new StudioError('bad_input', `Session '${sessionId}': ${error.message}.`, { sessionId });
      throw error;
    });
    const indexed = await this.index.indexed(sessionId, file, info.size, info.mtimeMs);
    // Lines before the tail: from the index's count of the whole file when it ends where the tail does.
    const before =
      tail.start === 0
        ? 0
        : indexed.size === tail.end
          ? indexed.lines - newlines(tail.text)
          : await countLines(file, tail.start);
    const parsed = parseLines(tail.text, { trusted: tail.trusted, firstLine: before + 1 });
    const { events, skipped, offsets } = await this.decode(sessionId, parsed, options);
    const first = Math.max(0, events.length - options.limit);
    const shown = first ? events.slice(first) : events;
    // Lines before the tail, less the header; events of the tail before those shown.
    const omitted = Math.max(0, before - 1) + first;
    const earlier = omitted
      ? tail.start + (first ? Buffer.byteLength(tail.text.slice(0, offsets[first])) : 0)
      : undefined;
    const { origin } = await this.meta(sessionId);
    const session = origin ? { ...indexed.summary, origin } : indexed.summary;
    const lacks = this.lacks(sessionId, events, skipped, running && options.before === undefined, writer);
    return { session, events: shown, skipped, ...lacks, omitted, ...(earlier !== undefined ? { earlier } : {}) };
  }

  /** Rebuilds parsed lines into events (payloads inline unless `refs`), noting request sizes for the window. */
  private async decode(sessionId: string, parsed: ParsedSession, options: LoadOptions) {
    const texts = options.payloads === 'refs' ? null : await this.appender.payloadFile(sessionId).read(parsed.refs);
    const rebuilt = rebuildEvents(parsed, texts);
    if (options.payloads === 'refs')
      for (const event of rebuilt.events) {
        const chars = rebuilt.requestChars.get(event);
        if (chars !== undefined) this.appender.noteRequestChars(event, chars);
      }
    return rebuilt;
  }

  /** What the file lacks (unreadable lines, runs without an end), in words; unreadable lines are also reported. */
  private lacks(
    sessionId: string,
    events: TraceEvent[],
    skipped: SkippedLine[],
    running: boolean,
    writer?: SessionWriter,
  ): { warnings: string[]; interruptedRunIds: string[] } {
    const interruptedRunIds = unfinishedRuns(events, running);
    const warnings = sessionWarnings(interruptedRunIds, skipped, writer);
    if (skipped.length) {
      const message = `Session '${sessionId}': ${warnings[0]}`;
      if (this.options.onSkipped) this.options.onSkipped(sessionId, message);
      else log.warn(message);
    }
    return { warnings, interruptedRunIds };
  }

  /**
   * The conversation so far, to continue it (historyFromEvents of the whole session): from our own file only its
   * user messages and answers are parsed, with their large texts from the side file; another file is loaded whole
   * and validated. A session without a file has none.
   */
  async history(sessionId: string): Promise<AgentMessage[]> {
    const text = await this.settledText(sessionId);
    if (text === null) return [];
    if (!text.startsWith(HEADER_LINE)) return historyFromEvents((await this.load(sessionId)).events);
    const parsed = parseLines(conversationText(text), { trusted: true });
    const texts = await this.appender.payloadFile(sessionId).read(parsed.refs);
    return historyFromEvents(rebuildEvents(parsed, texts).events);
  }

  /** One whole event of a session (payloads inline, request rebuilt), or null when the file lacks it. */
  async event(sessionId: string, runId: string, seq: number): Promise<TraceEvent | null> {
    const text = await this.settledText(sessionId);
    if (text === null) throw new StudioError('session_not_found', `No session '${sessionId}'.`, { sessionId });
    const parsed = parseLines(text);
    // Its own payloads, and those of its run's tool events (its request may repeat their text).
    const refs = new Set<string>();
    for (const { event, notes } of parsed.lines)
      if (event.runId === runId && (event.seq === seq || event.type === 'tool_result' || event.type === 'tool_error'))
        for (const [, ref] of notes?.payloads ?? []) refs.add(ref);
    const texts = await this.appender.payloadFile(sessionId).read(refs);
    const { events } = rebuildEvents(parsed, texts);
    return events.find((e) => e.runId === runId && e.seq === seq) ?? null;
  }

  /** A session file's text once its pending appends are written; null when it has no file. */
  private async settledText(sessionId: string): Promise<string | null> {
    const file = this.fileOf(sessionId);
    await this.appender.writerOf(sessionId)?.idle();
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** The text of one large payload of a session (what an event's `payloads` refer to); null when unknown. */
  async payload(sessionId: string, ref: string): Promise<string | null> {
    this.fileOf(sessionId);
    await this.appender.writerOf(sessionId)?.idle();
    return (await this.appender.payloadFile(sessionId).read(new Set([ref]))).get(ref) ?? null;
  }
}

function newlines(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/** Parses a session file's text into its whole events (payloads as references); unreadable lines are skipped. */
export function parseSession(text: string): { events: TraceEvent[]; skipped: SkippedLine[] } {
  const { events, skipped } = rebuildEvents(parseLines(text), null);
  return { events, skipped };
}

export { historyFromEvents };
