import { elisionNote } from '../../../shared/domain/elision-note';
import type { TraceEvent } from '../../../shared/domain/trace';

/** The largest field of a trace event sent to a window as it is (characters of its JSON). */
export const MAX_WINDOW_FIELD_CHARS = 256 * 1024;

const TEXT_FIELDS = ['content', 'answer', 'delta'] as const;
const VALUE_FIELDS = ['result', 'arguments'] as const;

function size(value: unknown): number {
  return typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0);
}

const note = elisionNote;

/**
 * The event as a window gets it: a field past `limit` is cut (text) or replaced by a note (values, the raw
 * exchange), and `elided` names them. Events that fit are returned as they are. The session file keeps them whole.
 */
export function elideForWindow(event: TraceEvent, limit = MAX_WINDOW_FIELD_CHARS): TraceEvent {
  const record = event as unknown as Record<string, unknown>;
  const elided: string[] = [];
  const out: Record<string, unknown> = { ...record };
  for (const field of TEXT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.length > limit) {
      out[field] = `${value.slice(0, limit)}\n${note(value.length)}`;
      elided.push(field);
    }
  }
  for (const field of VALUE_FIELDS) {
    if (!(field in record)) continue;
    const chars = size(record[field]);
    if (chars > limit) {
      out[field] = field === 'arguments' ? { elided: note(chars) } : note(chars);
      elided.push(field);
    }
  }
  const raw = record.raw as { request?: unknown; response?: unknown } | null | undefined;
  if (raw) {
    const request = size(raw.request);
    const response = size(raw.response);
    if (request > limit || response > limit) {
      out.raw = {
        request: request > limit ? note(request) : raw.request,
        response: response > limit ? note(response) : raw.response,
      };
      elided.push('raw');
    }
  }
  if (!elided.length) return event;
  return { ...(out as unknown as TraceEvent), elided: [...new Set([...(event.elided ?? []), ...elided])] };
}
