import { readEditedJson } from './persona-json';

/** Deepest nesting accepted in a settings field written as JSON. */
const MAX_DEPTH = 32;

export type JsonObjectRead = { ok: true; value: Record<string, unknown> | undefined } | { ok: false; message: string };

/** The text of a settings object as the field shows it: pretty JSON, or nothing when unset or empty. */
export function jsonObjectText(value: unknown): string {
  return value && typeof value === 'object' && Object.keys(value).length ? JSON.stringify(value, null, 2) : '';
}

/**
 * A settings object typed as JSON (outside input: `parseJsonSafe`'s limits): empty text is "not set", anything but
 * one JSON object is refused with why, line and column included.
 */
export function readJsonObject(text: string): JsonObjectRead {
  if (!text.trim()) return { ok: true, value: undefined };
  const read = readEditedJson(text, MAX_DEPTH);
  if (!read.ok) return read;
  const { value } = read;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: 'Write one JSON object, e.g. {"reasoning_effort": "low"}.' };
  return { ok: true, value: Object.keys(value).length ? (value as Record<string, unknown>) : undefined };
}
