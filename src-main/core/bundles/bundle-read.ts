import { issuesText } from '../../../shared/domain/issues';
import { BUNDLE_FORMAT, MAX_BUNDLE_BYTES, MAX_BUNDLE_DEPTH, RunBundle } from '../../../shared/domain/run-bundle';
import { JsonInputError, parseJsonSafe } from '../../../shared/json/safe-json';
import { StudioError } from '../errors';
import { validatePersona } from '../personas/persona-file';

/**
 * Reads a run bundle's text: at most MAX_BUNDLE_BYTES, nesting at most MAX_BUNDLE_DEPTH, the RunBundle schema,
 * and a persona that validates. Anything else is `bad_input` saying what is wrong (`source` names the file).
 * Nothing in it is run or installed here.
 */
export function readBundle(text: string, source = 'The bundle'): RunBundle {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_BUNDLE_BYTES)
    throw new StudioError(
      'bad_input',
      `${source} is too large (${bytes} bytes; a bundle is at most ${MAX_BUNDLE_BYTES}).`,
    );
  let json: unknown;
  try {
    json = parseJsonSafe(text, { maxDepth: MAX_BUNDLE_DEPTH });
  } catch (error) {
    const why = error instanceof JsonInputError ? error.message : String(error);
    throw new StudioError('bad_input', `${source} is not readable JSON: ${why}`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (format !== BUNDLE_FORMAT)
    throw new StudioError(
      'bad_input',
      `${source} is not a Persona Studio run bundle (its "format" is ${JSON.stringify(format ?? null)}, not "${BUNDLE_FORMAT}").`,
    );
  const parsed = RunBundle.safeParse(json);
  if (!parsed.success)
    throw new StudioError(
      'bad_input',
      `${source} is not a valid run bundle: ${issuesText(parsed.error.issues, 'bundle')}`,
      {
        issues: parsed.error.issues.map((i) => ({
          path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
          message: i.message,
        })),
      },
    );
  const persona = validatePersona(parsed.data.persona.file);
  if (!persona.ok) throw new StudioError('bad_input', `${source}: its persona is invalid: ${persona.error.message}`);
  return parsed.data;
}
