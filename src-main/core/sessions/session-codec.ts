import { randomBytes } from 'node:crypto';
import type { TraceEvent } from '../../../shared/domain/trace';
import { TERMINAL_TRACE_TYPES } from '../../../shared/domain/trace';

/**
 * How a session file stores trace events (format 2), so that a run's file grows with what is new in it:
 * - an assistant event's `raw.request` keeps only the messages its run's previous request did not have, and
 *   nulls the fields equal to that request's (`tools`, sampling...);
 * - a tool message of a request that repeats a tool result of the run points at that event;
 * - a tool result whose `result` is its `content` as JSON stores the text once;
 * - a large text goes to the session's side file (`<id>.payloads`), the line keeps its reference.
 * The line's `$s` key says all of this; decoding rebuilds the event as it was, byte for byte.
 */

/** The first line of a format-2 session file. */
export const SESSION_HEADER = { $session: 2 } as const;
export const HEADER_LINE = `${JSON.stringify(SESSION_HEADER)}\n`;

/** A text at least this long (characters) is kept in the side file. */
export const PAYLOAD_MIN_CHARS = 64 * 1024;
/** Characters of a payload shown in its place. */
export const PREVIEW_CHARS = 2000;

/** A field kept out of line: its name, the side file's record, its length in characters. */
export type StoredPayload = [field: string, ref: string, size: number];

/** The storage notes of one line. */
export interface StorageNotes {
  /** The request is a delta of the run's assistant event `base` (its seq): `keep` messages of it, then these. */
  req?: {
    base: number | null;
    keep: number;
    /** Request fields equal to the base request's (null in the line). */
    same: string[];
    /** [index among the new messages, seq of the tool event whose content it is]. */
    tools: Array<[number, number]>;
    /** The whole request's JSON length, about (to decide what a window is sent without rebuilding it). */
    chars: number;
  };
  /** `result` is JSON.parse(content). */
  resultIsContent?: true;
  payloads?: StoredPayload[];
}

/** A record for the side file: one JSON line `{"ref":…,"text":…}`. */
export interface PayloadRecord {
  ref: string;
  text: string;
}

/** What encoding one event gave: its line, side-file records, and what the window needs to know. */
export interface EncodedEvent {
  line: string;
  payloads: PayloadRecord[];
  notes: StorageNotes;
}

interface RequestState {
  seq: number;
  /** The request's messages (what the next request's messages are compared with). */
  messages: unknown[];
  /** `chars[i]`: about how many characters of JSON its first i messages are. */
  chars: number[];
  /** Each other field: its value and its JSON. */
  fields: Map<string, { value: unknown; text: string }>;
}

interface RunState {
  request: RequestState | null;
  /** Tool events by tool call id: their seq and the content fed back to the model. */
  tools: Map<string, { seq: number; content: string }>;
}

type Json = Record<string, unknown>;

const TERMINAL = new Set<string>(TERMINAL_TRACE_TYPES);

/** Encodes one session's events in append order; keeps per run what the next event may refer to. */
export class SessionEncoder {
  private readonly runs = new Map<string, RunState>();

  /** Forgets what later lines could refer to (after a failed write, the next lines stand alone). */
  reset(): void {
    this.runs.clear();
  }

  encode(event: TraceEvent): EncodedEvent {
    const notes: StorageNotes = {};
    const payloads: PayloadRecord[] = [];
    let stored: Json = event as unknown as Json;
    const run = this.run(event.runId);
    if (event.type === 'assistant_message' && event.raw && isObject(event.raw.request)) {
      const { request, req, state } = this.requestDelta(run, event.seq, event.raw.request);
      notes.req = req;
      run.request = state;
      stored = { ...stored, raw: { ...event.raw, request } };
    }
    if (event.type === 'tool_result' || event.type === 'tool_error') {
      run.tools.set(event.toolCallId, { seq: event.seq, content: event.content });
      if (event.type === 'tool_result' && resultIsContent(event.result, event.content)) {
        notes.resultIsContent = true;
        stored = { ...stored, result: null };
      }
    }
    for (const field of ['content', 'answer'] as const) {
      const value = stored[field];
      if (typeof value === 'string' && value.length >= PAYLOAD_MIN_CHARS) {
        const ref = newRef();
        payloads.push({ ref, text: value });
        (notes.payloads ??= []).push([field, ref, value.length]);
        stored = { ...stored, [field]: value.slice(0, PREVIEW_CHARS) };
      }
    }
    if (TERMINAL.has(event.type)) this.runs.delete(event.runId);
    const hasNotes = notes.req || notes.resultIsContent || notes.payloads;
    const line = JSON.stringify(hasNotes ? { $s: notes, ...stored } : stored);
    return { line: `${line}\n`, payloads, notes };
  }

  private run(runId: string): RunState {
    let run = this.runs.get(runId);
    if (!run) this.runs.set(runId, (run = { request: null, tools: new Map() }));
    return run;
  }

  private requestDelta(
    run: RunState,
    seq: number,
    request: Json,
  ): { request: Json; req: NonNullable<StorageNotes['req']>; state: RequestState } {
    const base = run.request;
    const messages = Array.isArray(request.messages) ? (request.messages as unknown[]) : null;
    let keep = 0;
    if (base && messages)
      while (keep < messages.length && keep < base.messages.length && sameJson(messages[keep], base.messages[keep]))
        keep++;
    const stored: Json = {};
    const same: string[] = [];
    const fields = new Map<string, { value: unknown; text: string }>();
    const prefix = base ? base.chars.slice(0, keep + 1) : [2];
    if (prefix.length === 0) prefix.push(2);
    let chars = 2;
    for (const [key, value] of Object.entries(request)) {
      if (key === 'messages' && messages) {
        stored.messages = messages.slice(keep);
        prefix.length = keep + 1;
        for (let i = keep; i < messages.length; i++) prefix[i + 1] = prefix[i] + approxChars(messages[i]) + 1;
        chars += key.length + 4 + prefix[messages.length];
        continue;
      }
      // A field like the last request's (the tools offered, sampling) is compared without serializing it again.
      const last = base?.fields.get(key);
      const text = last && sameJson(value, last.value) ? last.text : JSON.stringify(value);
      if (text === undefined) continue;
      fields.set(key, { value, text });
      chars += key.length + text.length + 4;
      if (last && last.text === text && text.length > 8) {
        same.push(key);
        stored[key] = null;
      } else stored[key] = value;
    }
    const tools: Array<[number, number]> = [];
    if (messages)
      (stored.messages as unknown[]).forEach((m, i) => {
        if (!isObject(m) || m.role !== 'tool' || typeof m.tool_call_id !== 'string') return;
        const tool = run.tools.get(m.tool_call_id);
        if (tool && m.content === tool.content && tool.content.length > 64) {
          tools.push([i, tool.seq]);
          (stored.messages as unknown[])[i] = { ...m, content: null };
        }
      });
    return {
      request: stored,
      req: { base: base && keep + same.length > 0 ? base.seq : null, keep, same, tools, chars },
      state: { seq, messages: messages ?? [], chars: prefix, fields },
    };
  }
}

/**
 * Whether two values serialize to the same JSON, cheaply for messages: same keys in the same order and the same
 * values (a long text repeated from the last request is the same string, compared without reading it).
 */
function sameJson(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (depth > 64) return JSON.stringify(a) === JSON.stringify(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i], depth + 1)) return false;
    return true;
  }
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key !== others[i]) return false;
    if (!sameJson((a as Json)[key], (b as Json)[key], depth + 1)) return false;
  }
  return true;
}

/**
 * About how many characters of JSON a value is (texts by their length, without serializing them). Never less
 * than a sixth of the real length: an escaped character is at most 6, a number at most 24 characters.
 */
function approxChars(value: unknown, depth = 0): number {
  if (typeof value === 'string') return value.length + 2;
  if (value === null || typeof value !== 'object') return 8;
  if (depth > 8) return JSON.stringify(value).length;
  let n = 2;
  if (Array.isArray(value)) for (const item of value) n += approxChars(item, depth + 1) + 1;
  else for (const [k, v] of Object.entries(value)) n += k.length + 4 + approxChars(v, depth + 1);
  return n;
}

/** True when `result` is what JSON.parse(content) gives (so only the text needs storing). */
function resultIsContent(result: unknown, content: string): boolean {
  if (content.length < 64 || !isObject(result)) return false;
  return JSON.stringify(result) === content;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

let counter = 0;
const prefix = randomBytes(6).toString('hex');
/** A reference unique across processes (a random prefix per process and a counter). */
function newRef(): string {
  return `${prefix}${(counter++).toString(36)}`;
}
