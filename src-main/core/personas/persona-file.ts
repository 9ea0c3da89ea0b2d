import { readFile, stat } from 'node:fs/promises';
import type { ErrorValue } from '../../../shared/domain/errors';
import { PersonaFile } from '../../../shared/domain/persona';
import { toIssues } from '../../../shared/domain/issues';
import { assertJsonSafe, JsonInputError, parseJsonSafe } from '../../../shared/json/safe-json';

/** A persona file as read from disk: valid (the raw object is kept, key order and unknown keys included) or broken. */
export type ReadPersona =
  { ok: true; raw: Record<string, unknown>; persona: PersonaFile; mtimeMs: number } | { ok: false; error: ErrorValue };

/** Parses and validates persona JSON text; the error value names the problem (and its issues). */
export function parsePersonaText(
  text: string,
): { ok: true; raw: Record<string, unknown>; persona: PersonaFile } | { ok: false; error: ErrorValue } {
  let json: unknown;
  try {
    json = parseJsonSafe(text);
  } catch (error) {
    return { ok: false, error: jsonProblem(error) };
  }
  return validatePersona(json);
}

/** Validates a persona object against the OVOS persona format. */
export function validatePersona(
  json: unknown,
): { ok: true; raw: Record<string, unknown>; persona: PersonaFile } | { ok: false; error: ErrorValue } {
  try {
    assertJsonSafe(json);
  } catch (error) {
    return { ok: false, error: jsonProblem(error) };
  }
  const parsed = PersonaFile.safeParse(json);
  if (!parsed.success) {
    const issues = toIssues(parsed.error.issues);
    const first = issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    return {
      ok: false,
      error: {
        code: 'persona_invalid',
        message: `Not a valid persona: ${where}${first?.message ?? 'invalid'}`,
        details: { issues },
      },
    };
  }
  return { ok: true, raw: structuredClone(json as Record<string, unknown>), persona: parsed.data };
}

/** A JSON parse or limit failure as the persona error the editor and the list show. */
function jsonProblem(error: unknown): ErrorValue {
  if (error instanceof JsonInputError && error.problem !== 'syntax')
    return { code: 'persona_invalid', message: `Not a valid persona: ${error.message}`, details: error.details };
  return {
    code: 'persona_invalid',
    message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
  };
}

/** Reads one persona file; a missing file is an ENOENT error thrown, anything else a value. */
export async function readPersonaFile(file: string): Promise<ReadPersona> {
  const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
  const result = parsePersonaText(text);
  return result.ok ? { ...result, mtimeMs: info.mtimeMs } : result;
}

/** How persona files are written: 2-space JSON and a final newline, as OVOS's own examples. */
export function formatPersona(persona: Record<string, unknown>): string {
  return `${JSON.stringify(persona, null, 2)}\n`;
}

/** A file-name-safe id from a persona name. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+|-+$/g, '')
    .slice(0, 80);
  return slug || 'persona';
}

/** The plugin ids a persona names that are not installed: engines, their brains, their toolboxes. */
export function findUnknownPluginIds(persona: Record<string, unknown>, known: KnownPlugins): string[] {
  const unknown = new Set<string>();
  const engines = [...asStrings(persona.handlers), ...asStrings(persona.solvers)];
  for (const engine of engines) if (!known.engines.includes(engine)) unknown.add(engine);
  for (const engine of engines) {
    const block = persona[engine];
    if (!block || typeof block !== 'object' || Array.isArray(block)) continue;
    const { brain, toolboxes } = block as { brain?: unknown; toolboxes?: unknown };
    if (typeof brain === 'string' && !known.brains.includes(brain)) unknown.add(brain);
    for (const id of asStrings(toolboxes))
      if (!known.toolboxes.includes(id) && !known.toolboxes.includes(id.split(':')[0])) unknown.add(id);
  }
  return [...unknown];
}

/** Installed plugin ids, for naming unknown ones on import. */
export interface KnownPlugins {
  engines: string[];
  brains: string[];
  toolboxes: string[];
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
