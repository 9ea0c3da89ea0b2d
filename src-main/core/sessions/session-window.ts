import type { PayloadRef, TraceEvent } from '../../../shared/domain/trace';
import { PREVIEW_CHARS, type StorageNotes } from './session-codec';

/** A request longer than this (characters of JSON) is sent to a window as a note; the whole event is one call away. */
export const WINDOW_REQUEST_CHARS = 32 * 1024;

/** The note in place of a payload kept in the side file. */
export function payloadNote(size: number): string {
  return `[${size.toLocaleString('en')} characters, kept in the session's side file: too large to send at once; load the full event]`;
}

/**
 * The event as a window gets it, from what storing it did (`notes`): payloads kept out of line become their
 * preview and a reference (`payloads`, named in `elided`), and a long request a note (`raw` in `elided`), so what a
 * window receives per event does not grow with the run. Without notes the event is returned as it is.
 */
export function windowForm(event: TraceEvent, notes: StorageNotes | undefined): TraceEvent {
  if (!notes) return event;
  const longRequest = notes.req !== undefined && notes.req.chars > WINDOW_REQUEST_CHARS;
  if (!notes.payloads?.length && !longRequest) return event;
  const record = event as unknown as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  const elided: string[] = [...(event.elided ?? [])];
  const refs: PayloadRef[] = [...(event.payloads ?? [])];
  for (const [field, ref, size] of notes.payloads ?? []) {
    const value = record[field];
    if (typeof value !== 'string' || refs.some((r) => r.ref === ref)) continue;
    const preview = value.slice(0, PREVIEW_CHARS);
    out ??= { ...record };
    out[field] = `${preview}\n${payloadNote(size)}`;
    refs.push({ field, ref, size, preview });
    elided.push(field);
    if (field === 'content' && notes.resultIsContent) {
      out.result = payloadNote(size);
      elided.push('result');
    }
  }
  if (notes.req && notes.req.chars > WINDOW_REQUEST_CHARS && event.type === 'assistant_message' && event.raw) {
    out ??= { ...record };
    out.raw = {
      request: `[${notes.req.chars.toLocaleString('en')} characters: the request is too large to send at once; load the full event]`,
      response: event.raw.response,
    };
    elided.push('raw');
  }
  if (!out) return event;
  if (refs.length) out.payloads = refs;
  out.elided = [...new Set(elided)];
  return out as unknown as TraceEvent;
}
