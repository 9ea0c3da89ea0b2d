import { z } from 'zod';
import type { JsonSchema } from '../domain/tool';

/**
 * The JSON Schema of a plugin's zod config (engine, brain or toolbox alike), as the editor's forms and the
 * catalog show it: the input side (defaults optional), `.meta` titles and descriptions kept, no `$schema`.
 */
export function configJsonSchema(config: z.ZodType): JsonSchema {
  const schema = z.toJSONSchema(config, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete schema.$schema;
  return schema;
}

/** Issues of a config block checked against its schema, with paths relative to the block. */
export function configIssues(config: z.ZodType, block: unknown): Array<{ path: (string | number)[]; message: string }> {
  const parsed = config.safeParse(block ?? {});
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
    message: i.message,
  }));
}
