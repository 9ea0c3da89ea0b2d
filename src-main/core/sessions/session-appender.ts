import type { TraceEvent } from '../../../shared/domain/trace';
import { TERMINAL_TRACE_TYPES } from '../../../shared/domain/trace';
import { logger } from '../log';
import { HEADER_LINE, PREVIEW_CHARS, SessionEncoder, type StorageNotes } from './session-codec';
import { PayloadFile, payloadLine } from './session-payloads';
import { windowForm } from './session-window';
import { SessionWriter } from './session-writer';

const log = logger('sessions');

/**
 * The write side of the session store: one writer and one encoder per session file, what encoding did to each
 * appended event (for the form a window is sent), and which sessions have a run going in this process.
 */
export class SessionAppender {
  private readonly writers = new Map<string, SessionWriter>();
  private readonly encoders = new Map<string, SessionEncoder>();
  private readonly payloadFiles = new Map<string, PayloadFile>();
  /** What encoding did to events appended here (for the form a window is sent). */
  private readonly notes = new WeakMap<TraceEvent, StorageNotes>();
  /** The length of each appended event's line (no field of it is longer, but its request). */
  private readonly lineChars = new WeakMap<TraceEvent, number>();
  /** Sessions with a run going in this process (its end not appended yet). */
  private readonly running = new Set<string>();

  constructor(
    private readonly fileOf: (sessionId: string) => string,
    private readonly onWriteError?: (sessionId: string, message: string) => void,
  ) {}

  /** The writer of a session appended to in this process, if any (its pending lines, its lost ones). */
  writerOf(sessionId: string): SessionWriter | undefined {
    return this.writers.get(sessionId);
  }

  /** Whether a run of the session is going in this process. */
  isRunning(sessionId: string): boolean {
    return this.running.has(sessionId);
  }

  /** Notes a loaded event's request size (its window form leaves the raw exchange out, saying how large the request is). */
  noteRequestChars(event: TraceEvent, chars: number): void {
    this.notes.set(event, { req: { base: null, keep: 0, same: [], tools: [], chars } });
  }

  private writer(sessionId: string): SessionWriter {
    let writer = this.writers.get(sessionId);
    if (!writer) {
      const file = this.fileOf(sessionId);
      writer = new SessionWriter(
        file,
        (message) => {
          // Lines after a lost one must not refer to it: they are stored whole again.
          this.encoders.get(sessionId)?.reset();
          if (this.onWriteError) this.onWriteError(sessionId, message);
          else log.error(message);
        },
        HEADER_LINE,
      );
      this.writers.set(sessionId, writer);
    }
    return writer;
  }

  private encoder(sessionId: string): SessionEncoder {
    let encoder = this.encoders.get(sessionId);
    if (!encoder) this.encoders.set(sessionId, (encoder = new SessionEncoder()));
    return encoder;
  }

  /** The reader and writer of a session's side file (large payloads). */
  payloadFile(sessionId: string): PayloadFile {
    let file = this.payloadFiles.get(sessionId);
    if (!file) this.payloadFiles.set(sessionId, (file = new PayloadFile(this.writer(sessionId).sideFile)));
    return file;
  }

  /**
   * Appends one event; resolves when it is written (rejects when it could not be: the store has reported it).
   * A turn's end is synced to disk, and the run's end closes the file.
   */
  append(sessionId: string, event: TraceEvent): Promise<void> {
    const writer = this.writer(sessionId);
    let encoded;
    try {
      encoded = this.encoder(sessionId).encode(event);
    } catch (error) {
      // An event that cannot be written as JSON is reported like a failed write, never thrown into the run.
      const message = `A trace event (${event.type}) of session '${sessionId}' cannot be saved: ${(error as Error).message}.`;
      if (this.onWriteError) this.onWriteError(sessionId, message);
      else log.error(message);
      return Promise.reject(error as Error);
    }
    this.notes.set(event, encoded.notes);
    this.lineChars.set(event, encoded.line.length);
    const written = writer.append(encoded.line, encoded.payloads.map(payloadLine).join(''));
    if (event.type === 'run_started') {
      this.running.add(sessionId);
      writer.prepare();
    }
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

  /**
   * The event as a window is sent it: large payloads as a preview and a reference (chat.payload fetches them),
   * an assistant event without its raw exchange (chat.traceEvent fetches the whole event). Other fields as they are.
   */
  forWindow(event: TraceEvent): TraceEvent {
    return windowForm(event, this.notes.get(event));
  }

  /**
   * At most how long the JSON of any field of an appended event's window form is, its request aside (the stored
   * line holds each of them whole or as a preview, the window form adds a note to a preview); undefined when unknown.
   */
  fieldCharsAtMost(event: TraceEvent): number | undefined {
    const chars = this.lineChars.get(event);
    return chars === undefined ? undefined : chars + PREVIEW_CHARS + 1024;
  }

  /** Waits for every pending append and syncs them. */
  async flush(): Promise<void> {
    await Promise.all([...this.writers.values()].map((w) => w.sync()));
  }
}
