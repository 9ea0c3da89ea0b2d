import { elisionNote } from '../../../shared/domain/elision-note';
import type { TraceEvent } from '../../../shared/domain/trace';
import type { SessionStore } from '../sessions';

/** The largest field of a trace event sent to a window as it is (characters of its JSON). */
export const MAX_WINDOW_FIELD_CHARS = 256 * 1024;

const TEXT_FIELDS = ['content', 'answer', 'delta'] as const;
const VALUE_FIELDS = ['result', 'arguments'] as const;

function size(value: unknown): number {
  return typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0);
}

const note = elisionNote;

/** What the caller already knows about an event's sizes (so that they are not measured again). */
export interface KnownSizes {
  /** Every field's JSON but `raw.request` is at most this long (characters): none is measured within the limit. */
  fieldCharsAtMost?: number;
}

/**
 * The event as a window gets it: a field past `limit` is cut (text) or replaced by a note (values, the raw
 * exchange), and `elided` names them. Events that fit are returned as they are. The session file keeps them whole.
 */
export function elideForWindow(event: TraceEvent, limit = MAX_WINDOW_FIELD_CHARS, known: KnownSizes = {}): TraceEvent {
  const record = event as unknown as Record<string, unknown>;
  const elided: string[] = [];
  let copy: Record<string, unknown> | null = null;
  const out = () => (copy ??= { ...record });
  const raw = record.raw as { request?: unknown; response?: unknown } | null | undefined;
  if (known.fieldCharsAtMost !== undefined && known.fieldCharsAtMost <= limit) {
    // A raw exchange left out (as a session's window form leaves it) is not measured.
    if (!raw || raw.request == null) return event;
    const request = size(raw.request);
    if (request <= limit) return event;
    return {
      ...event,
      raw: { request: note(request), response: raw.response },
      elided: [...new Set([...(event.elided ?? []), 'raw'])],
    } as TraceEvent;
  }
  for (const field of TEXT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.length > limit) {
      out()[field] = `${value.slice(0, limit)}\n${note(value.length)}`;
      elided.push(field);
    }
  }
  for (const field of VALUE_FIELDS) {
    if (!(field in record)) continue;
    const chars = size(record[field]);
    if (chars > limit) {
      out()[field] = field === 'arguments' ? { elided: note(chars) } : note(chars);
      elided.push(field);
    }
  }
  if (raw) {
    const request = size(raw.request);
    const response = size(raw.response);
    if (request > limit || response > limit) {
      out().raw = {
        request: request > limit ? note(request) : raw.request,
        response: response > limit ? note(response) : raw.response,
      };
      elided.push('raw');
    }
  }
  if (!elided.length) return event;
  return { ...(out() as unknown as TraceEvent), elided: [...new Set([...(event.elided ?? []), ...elided])] };
}

/**
 * An event appended to (or loaded from) `sessions` as a window is sent it: the store's lean form (payloads as
 * references, no request), then each field within the window's limit.
 */
export function windowEvent(sessions: SessionStore, event: TraceEvent): TraceEvent {
  return elideForWindow(sessions.forWindow(event), MAX_WINDOW_FIELD_CHARS, {
    fieldCharsAtMost: sessions.fieldCharsAtMost(event),
  });
}
