import type { PayloadRef, TraceEvent } from '../../../shared/domain/trace';
import { PREVIEW_CHARS, type StorageNotes } from './session-codec';

/** The note in place of a payload kept in the side file. */
export function payloadNote(size: number): string {
  return `[${size.toLocaleString('en')} characters, kept in the session's side file: too large to send at once; load the full event]`;
}

/**
 * The event as a window gets it, from what storing it did (`notes`): payloads kept out of line become their
 * preview and a reference (`payloads`, named in `elided`), and an assistant event's raw exchange is left out
 * (`raw.request` and `raw.response` null, `requestChars` the request's size), so what a window receives per event
 * does not grow with the run: chat.traceEvent fetches the whole event when the raw exchange is shown. Other events
 * are returned as they are.
 */
export function windowForm(event: TraceEvent, notes: StorageNotes | undefined): TraceEvent {
  const deferred = deferRawExchange(event, notes);
  if (!notes?.payloads?.length) return deferred;
  const record = deferred as unknown as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  const elided: string[] = [...(event.elided ?? [])];
  const refs: PayloadRef[] = [...(event.payloads ?? [])];
  for (const [field, ref, size] of notes.payloads) {
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
  if (!out) return deferred;
  if (refs.length) out.payloads = refs;
  out.elided = [...new Set(elided)];
  return out as unknown as TraceEvent;
}

/**
 * An assistant event without its raw exchange (`raw.request` and `raw.response` null; `requestChars` says how large
 * the request is: from the notes when storing measured it, else measured here); any other event, or one without a
 * request, as it is.
 */
function deferRawExchange(event: TraceEvent, notes: StorageNotes | undefined): TraceEvent {
  if (event.type !== 'assistant_message' || !event.raw || event.raw.request == null) return event;
  const requestChars = notes?.req?.chars ?? JSON.stringify(event.raw.request)?.length ?? 0;
  return { ...event, raw: { request: null, response: null }, requestChars };
}
