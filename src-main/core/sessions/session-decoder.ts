import { TraceEvent } from '../../../shared/domain/trace';
import type { PayloadRef } from '../../../shared/domain/trace';
import { issuesText } from '../../../shared/domain/issues';
import { parseJsonSafe } from '../../../shared/json/safe-json';
import { SESSION_HEADER, type StorageNotes } from './session-codec';
import { payloadNote } from './session-window';

/** A line of a session file that could not be read back. */
export interface SkippedLine {
  line: number;
  error: string;
}

/** One stored line, parsed: the event as stored and its storage notes. */
interface StoredLine {
  event: Record<string, unknown>;
  notes: StorageNotes | undefined;
  /** Its line number in the file, from 1. */
  line: number;
  /** Where it starts in the text parsed (characters). */
  offset: number;
}

/** The lines of a session file, parsed; `trusted` when the file has our header (written by this app). */
export interface ParsedSession {
  lines: StoredLine[];
  skipped: SkippedLine[];
  trusted: boolean;
  /** The side-file records the lines refer to. */
  refs: Set<string>;
}

const TYPES = new Set<string>(TraceEvent.options.map((o) => o.shape.type.value));

/** Why a line of our own file is not a trace event, or null when it looks like one (a cheap check, no zod). */
function looksWrong(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not an object';
  const e = value as Record<string, unknown>;
  if (typeof e.type !== 'string' || !TYPES.has(e.type)) return `unknown event type ${JSON.stringify(e.type)}`;
  if (typeof e.runId !== 'string') return 'no runId';
  if (typeof e.seq !== 'number' || !Number.isInteger(e.seq) || e.seq < 0) return 'no seq';
  if (typeof e.at !== 'number') return 'no time';
  if (typeof e.iteration !== 'number') return 'no iteration';
  return null;
}

function isHeader(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    (value as Record<string, unknown>).$session === SESSION_HEADER.$session
  );
}

/** Where a text to parse comes from: part of a file whose header was checked already (`trusted`), from `firstLine`. */
export interface ParseOptions {
  trusted?: boolean;
  /** The line number of the text's first line in its file (1 when it is the whole file). */
  firstLine?: number;
}

/**
 * Parses a session file's text. A file with our header is trusted: each line gets a cheap shape check. A file
 * without (written before format 2, or imported) gets full validation of every event after it is rebuilt.
 */
export function parseLines(text: string, options: ParseOptions = {}): ParsedSession {
  const lines: StoredLine[] = [];
  const skipped: SkippedLine[] = [];
  const refs = new Set<string>();
  let trusted = options.trusted ?? false;
  let start = 0;
  for (let i = options.firstLine ?? 1; start < text.length; i++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const offset = start;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (!line) continue;
    let json: unknown;
    try {
      json = trusted ? JSON.parse(line) : parseJsonSafe(line);
    } catch (error) {
      skipped.push({ line: i, error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    if (isHeader(json)) {
      if (lines.length === 0 && skipped.length === 0) trusted = true;
      continue;
    }
    if (trusted) {
      const wrong = looksWrong(json);
      if (wrong) {
        skipped.push({ line: i, error: wrong });
        continue;
      }
    }
    const { $s: notes, ...event } = json as { $s?: StorageNotes } & Record<string, unknown>;
    for (const [, ref] of notes?.payloads ?? []) refs.add(ref);
    lines.push({ event: notes ? event : (json as Record<string, unknown>), notes, line: i, offset });
  }
  return { lines, skipped, trusted, refs };
}

/** How decoded events get their side-file payloads: the texts, or (null) previews and references. */
export type PayloadTexts = Map<string, string> | null;

interface RunMemory {
  last: { seq: number; request: Record<string, unknown> } | null;
  tools: Map<number, string>;
}

/**
 * Rebuilds the events of parsed lines: requests from their run's earlier request, tool messages and results from
 * their tool event, payloads from `texts` (or their preview, named in `elided` and `payloads`). A request whose
 * earlier request the file lacks is left as a note, and the event says so in `warnings`.
 */
export function rebuildEvents(
  parsed: ParsedSession,
  texts: PayloadTexts,
): { events: TraceEvent[]; skipped: SkippedLine[]; requestChars: Map<TraceEvent, number>; offsets: number[] } {
  const events: TraceEvent[] = [];
  /** Where each event's line starts in the text parsed. */
  const offsets: number[] = [];
  const skipped = [...parsed.skipped];
  const runs = new Map<string, RunMemory>();
  const requestChars = new Map<TraceEvent, number>();
  for (const stored of parsed.lines) {
    const { notes } = stored;
    let event = stored.event;
    const runId = event.runId as string;
    let run = runs.get(runId);
    if (!run) runs.set(runId, (run = { last: null, tools: new Map() }));
    if (notes) {
      event = { ...event };
      const refs: PayloadRef[] = [];
      for (const [field, ref, size] of notes.payloads ?? []) {
        const text = texts?.get(ref);
        const preview = typeof event[field] === 'string' ? (event[field] as string) : '';
        if (text !== undefined) event[field] = text;
        else {
          event[field] = `${preview}\n${payloadNote(size)}`;
          refs.push({ field, ref, size, preview });
        }
      }
      if (refs.length) {
        event.payloads = refs;
        event.elided = [...((event.elided as string[] | undefined) ?? []), ...refs.map((r) => r.field)];
      }
      if (notes.resultIsContent && typeof event.content === 'string') {
        const contentRef = refs.find((r) => r.field === 'content');
        if (contentRef) {
          event.result = payloadNote(contentRef.size);
          (event.elided as string[]).push('result');
        } else event.result = JSON.parse(event.content);
      }
      if (notes.req) event = rebuildRequest(event, notes.req, run);
    }
    if (event.type === 'tool_result' || event.type === 'tool_error')
      run.tools.set(event.seq as number, event.content as string);
    const raw = event.raw as { request?: unknown } | null | undefined;
    if (event.type === 'assistant_message' && raw && isObject(raw.request))
      run.last = { seq: event.seq as number, request: raw.request };
    let out: TraceEvent;
    if (parsed.trusted) out = event as unknown as TraceEvent;
    else {
      const checked = TraceEvent.safeParse(event);
      if (!checked.success) {
        skipped.push({ line: stored.line, error: issuesText(checked.error.issues, 'event') });
        continue;
      }
      out = checked.data;
    }
    if (notes?.req) requestChars.set(out, notes.req.chars);
    events.push(out);
    offsets.push(stored.offset);
  }
  skipped.sort((a, b) => a.line - b.line);
  return { events, skipped, requestChars, offsets };
}

function rebuildRequest(
  event: Record<string, unknown>,
  req: NonNullable<StorageNotes['req']>,
  run: RunMemory,
): Record<string, unknown> {
  const raw = event.raw as { request: Record<string, unknown>; response: unknown };
  const stored = raw.request;
  const base = req.base === null ? null : run.last?.seq === req.base ? run.last.request : null;
  if (req.base !== null && !base) {
    const note = `[the request refers to event ${req.base} of the run, which the file lacks: it cannot be rebuilt]`;
    return {
      ...event,
      raw: { ...raw, request: note },
      warnings: [...((event.warnings as string[]) ?? []), 'The session file lacks part of this request.'],
    };
  }
  const request: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key === 'messages' && Array.isArray(value)) {
      const added = value.slice();
      for (const [index, seq] of req.tools) {
        const content = run.tools.get(seq);
        if (content !== undefined && isObject(added[index])) added[index] = { ...added[index], content };
      }
      const kept = base && Array.isArray(base.messages) ? (base.messages as unknown[]).slice(0, req.keep) : [];
      request.messages = kept.length ? kept.concat(added) : added;
    } else request[key] = req.same.includes(key) && base ? base[key] : value;
  }
  return { ...event, raw: { ...raw, request } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
