import type { z } from 'zod';
import { issuesText } from '../../../shared/domain/issues';

/**
 * Parses a toolbox's config block with its schema; a refused block throws an Error naming the bad keys
 * (`<label>: key: message`), which the toolbox shows as its discovery error.
 */
export function parseToolboxConfig<S extends z.ZodType>(
  schema: S,
  raw: Record<string, unknown>,
  label: string,
): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`${label}: ${issuesText(parsed.error.issues, 'config')}`);
  return parsed.data;
}
