import { PersonaFile } from '../../../shared/domain/persona';
import { JsonInputError, parseJsonSafe } from '../../../shared/json/safe-json';
import type { PersonaDraft } from '../../lib/persona-model';

/** How an API key shows in the JSON (never the key itself). */
export const KEY_MASK = '••••••••';

/** Text pasted into the JSON editor beyond this is refused (as main refuses a larger persona file). */
export const MAX_JSON_CHARS = 5 * 1024 * 1024;
const MAX_DEPTH = 64;

/** The persona file as it is written, API keys masked. */
export function personaJsonText(p: PersonaDraft): string {
  return JSON.stringify(p, (k, v) => (k === 'api_key' && typeof v === 'string' && v ? KEY_MASK : v), 2);
}

/** What applying edited JSON gave: the new draft, or why not (the text stays as typed). */
export type JsonApply = { ok: true; draft: PersonaDraft } | { ok: false; message: string };

/**
 * Reads the persona JSON the user edited, as outside JSON is read (`parseJsonSafe`: no `__proto__` keys, at most 64
 * levels deep), then as an OVOS persona file. An `api_key` still showing the mask keeps the key the draft had there.
 */
export function applyPersonaJson(text: string, current: PersonaDraft): JsonApply {
  if (text.length > MAX_JSON_CHARS)
    return { ok: false, message: `The JSON is too large for a persona file (at most ${MAX_JSON_CHARS} characters).` };
  const read = readEditedJson(text, MAX_DEPTH);
  if (!read.ok) return read;
  const { value } = read;
  if (!isObject(value)) return { ok: false, message: 'A persona file is one JSON object ({ … }).' };
  const parsed = PersonaFile.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
    return { ok: false, message: `Not a valid persona file: ${issues.join('; ')}` };
  }
  return { ok: true, draft: keepMaskedKeys(value, current) as PersonaDraft };
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/**
 * JSON a person typed in the app, read as outside JSON is (`parseJsonSafe`: no `__proto__` keys, at most
 * `maxDepth` levels deep); a refusal says why in words, a syntax error with its line and column.
 */
export function readEditedJson(
  text: string,
  maxDepth: number,
): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: parseJsonSafe(text, { maxDepth }) };
  } catch (error) {
    if (!(error instanceof JsonInputError)) throw error;
    if (error.problem === 'depth') return { ok: false, message: `The JSON nests deeper than ${maxDepth} levels.` };
    if (error.problem === 'syntax')
      return { ok: false, message: `Not valid JSON: ${withLineColumn(error.message, text)}` };
    return { ok: false, message: error.message };
  }
}

/** V8 says "at position N"; the line and column are what a person looks for. */
function withLineColumn(message: string, text: string): string {
  const at = /at position (\d+)/.exec(message);
  if (!at || /line \d+/.test(message)) return message;
  const before = text.slice(0, Number(at[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${message} (line ${line} column ${column})`;
}

function keepMaskedKeys(next: unknown, current: unknown): unknown {
  if (Array.isArray(next))
    return next.map((v, i) => keepMaskedKeys(v, Array.isArray(current) ? current[i] : undefined));
  if (!isObject(next)) return next;
  const out: Json = {};
  const before = isObject(current) ? current : {};
  for (const [k, v] of Object.entries(next)) {
    if (k === 'api_key' && v === KEY_MASK) {
      if (typeof before[k] === 'string' && before[k]) out[k] = before[k];
      continue;
    }
    out[k] = keepMaskedKeys(v, before[k]);
  }
  return out;
}
