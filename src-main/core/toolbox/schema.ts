import { z } from 'zod';
import { Validator } from '@cfworker/json-schema';
import type { JsonSchema } from '../../../shared/domain/tool';
import type { ValidationIssue } from '../../../shared/domain/errors';
import { compileCheck } from './json-schema-check';

/** A tool schema: a zod object (tools written here) or JSON Schema (tools from MCP, UTCP, the bus). */
export type ToolSchema = z.ZodObject | JsonSchema;

/** Base object schemas, OVOS's ToolArguments / ToolOutput: extend them for a tool's contract. */
export const ToolArguments = z.object({});
export const ToolOutput = z.object({});

export function isZodSchema(schema: ToolSchema): schema is z.ZodObject {
  return schema instanceof z.ZodType;
}

const jsonSchemas = { input: new WeakMap<object, JsonSchema>(), output: new WeakMap<object, JsonSchema>() };

/**
 * JSON Schema of a tool schema; zod via z.toJSONSchema (io 'input' for arguments so defaults are optional). Computed
 * once per zod schema and io (schemas are immutable; the tool list is offered on every run): do not mutate it.
 */
export function toJsonSchema(schema: ToolSchema, io: 'input' | 'output'): JsonSchema {
  if (!isZodSchema(schema)) return schema;
  let json = jsonSchemas[io].get(schema);
  if (!json) {
    const made = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    delete made.$schema;
    jsonSchemas[io].set(schema, (json = stripSafeIntegerBounds(made) as JsonSchema));
  }
  return json;
}

/** The argument JSON Schema, computed once per schema (used on every call for lax coercion; do not mutate). */
export function inputJsonSchema(schema: ToolSchema): JsonSchema {
  return toJsonSchema(schema, 'input');
}

/** zod adds ±MAX_SAFE_INTEGER bounds to every int; they are noise in what the model and the forms see. */
function stripSafeIntegerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripSafeIntegerBounds);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'minimum' && v === Number.MIN_SAFE_INTEGER) || (k === 'maximum' && v === Number.MAX_SAFE_INTEGER))
      continue;
    out[k] = stripSafeIntegerBounds(v);
  }
  return out;
}

export type Validation = { ok: true; value: Record<string, unknown> } | { ok: false; issues: ValidationIssue[] };

const validators = new WeakMap<JsonSchema, Validator>();

/**
 * Validates a plain object against a tool schema; zod strips extra keys, as pydantic ignores them. JSON Schemas are
 * compiled once per schema object (a check for the valid case, cfworker for issues).
 */
export function validateWith(schema: ToolSchema, value: unknown): Validation {
  if (isZodSchema(schema)) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
        message: i.message,
      })),
    };
  }
  // The compiled check answers for a valid value (the common call); cfworker decides and words the rest.
  if (compileCheck(schema)?.(value)) return { ok: true, value: value as Record<string, unknown> };
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator(schema as never, '2020-12', false);
    validators.set(schema, validator);
  }
  const result = validator.validate(value);
  if (result.valid) return { ok: true, value: value as Record<string, unknown> };
  return { ok: false, issues: jsonSchemaIssues(result.errors) };
}

/** cfworker errors -> our issues: the deepest, most specific ones, located by instance path. */
function jsonSchemaIssues(errors: { instanceLocation: string; keyword: string; error: string }[]): ValidationIssue[] {
  const leaf = errors.filter(
    (e) => !['properties', 'items', 'allOf', '$ref', 'additionalProperties'].includes(e.keyword) || errors.length === 1,
  );
  const chosen = leaf.length ? leaf : errors;
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const e of chosen) {
    const path = e.instanceLocation
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .map((p) => decodeURIComponent(p.replace(/~1/g, '/').replace(/~0/g, '~')))
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const key = `${path.join('.')}|${e.error}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path, message: e.error });
  }
  return issues;
}

const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/**
 * Pydantic's lax mode, the part users hit: a numeric string for a number/integer field becomes a number,
 * "true"/"false" for a boolean field a boolean. Walks properties, items and local $refs; leaves the rest.
 */
export function coerceLax(value: unknown, schema: JsonSchema, root: JsonSchema = schema, depth = 0): unknown {
  if (depth > 32 || schema === null || typeof schema !== 'object') return value;
  const resolved = resolveRef(schema, root);
  const types = ([] as unknown[]).concat(resolved.type ?? []);
  if (typeof value === 'string') {
    if ((types.includes('integer') || types.includes('number')) && !types.includes('string') && NUMERIC.test(value)) {
      const n = Number(value);
      if (types.includes('number') || Number.isInteger(n)) return n;
    }
    if (types.includes('boolean') && !types.includes('string') && (value === 'true' || value === 'false'))
      return value === 'true';
    return value;
  }
  if (Array.isArray(value) && resolved.items && typeof resolved.items === 'object') {
    return value.map((v) => coerceLax(v, resolved.items as JsonSchema, root, depth + 1));
  }
  if (
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    resolved.properties &&
    typeof resolved.properties === 'object'
  ) {
    const props = resolved.properties as Record<string, JsonSchema>;
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [k, v] of Object.entries(out)) if (props[k]) out[k] = coerceLax(v, props[k], root, depth + 1);
    return out;
  }
  return value;
}

function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node && typeof node === 'object' ? (node as JsonSchema) : schema;
}
