import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

/** Keywords that only say "something below failed"; the leaf error says what. */
const WRAPPERS = new Set([
  'properties',
  'items',
  'prefixItems',
  'allOf',
  '$ref',
  '$dynamicRef',
  'additionalProperties',
  'unevaluatedProperties',
  'dependentSchemas',
  'then',
  'else',
  'if',
]);

function draftOf(schema: RJSFSchema): SchemaDraft {
  const s = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (s.includes('draft-04')) return '4';
  if (s.includes('draft-07') || s.includes('draft-06')) return '7';
  if (s.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** JSON pointer `#/a/0/b` -> rjsf property `.a.0.b`. */
function toProperty(instanceLocation: string): string {
  const parts = instanceLocation
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => decodeURIComponent(p.replace(/~1/g, '/').replace(/~0/g, '~')));
  return parts.map((p) => (/^[A-Za-z_$][\w$]*$|^\d+$/.test(p) ? `.${p}` : `['${p.replace(/'/g, "\\'")}']`)).join('');
}

/** cfworker's wording, shortened to what a form field needs to say. */
function friendly(e: OutputUnit): { message: string; missing?: string } {
  const req = /required property "(.*)"/.exec(e.error);
  if (e.keyword === 'required' && req) return { message: 'is a required property', missing: req[1] };
  const type = /Instance type "(.*)" is invalid\. Expected "(.*)"\./.exec(e.error);
  if (e.keyword === 'type' && type) return { message: `must be ${type[2]}, not ${type[1]}` };
  if (e.keyword === 'enum')
    return { message: e.error.replace('Instance does not match any of', 'must be one of').replace(/\.$/, '') };
  if (e.keyword === 'anyOf' || e.keyword === 'oneOf') return { message: 'does not match any of the allowed options' };
  return { message: e.error.replace(/\.$/, '') };
}

/** An error that says the value is not of this branch at all: another type, or another discriminator value. */
function mismatch(e: OutputUnit, at: string): boolean {
  if (e.keyword === 'type') return e.instanceLocation === at;
  if (e.keyword !== 'const' && e.keyword !== 'enum') return false;
  if (e.instanceLocation === at) return true;
  return e.instanceLocation.startsWith(`${at}/`) && !e.instanceLocation.slice(at.length + 1).includes('/');
}

/**
 * Inside a failed anyOf/oneOf, keeps the errors of the branch the value was meant for (no type or discriminator
 * mismatch, fewest errors), so `radius: -1` is reported on radius; the union's own "does not match any of the
 * allowed options" stays only when no branch fits. Errors of the other branches are dropped.
 */
function pickBranches(units: OutputUnit[]): OutputUnit[] {
  const dropped = new Set<OutputUnit>();
  for (const u of units) {
    if ((u.keyword !== 'anyOf' && u.keyword !== 'oneOf') || dropped.has(u)) continue;
    const prefix = `${u.keywordLocation}/`;
    const byBranch = new Map<string, OutputUnit[]>();
    for (const x of units) {
      if (!x.keywordLocation.startsWith(prefix)) continue;
      const n = x.keywordLocation.slice(prefix.length).split('/')[0];
      byBranch.set(n, [...(byBranch.get(n) ?? []), x]);
    }
    let best: string | null = null;
    let bestScore = Infinity;
    for (const [n, errs] of byBranch) {
      const score = errs.reduce(
        (sum, e) => sum + (mismatch(e, u.instanceLocation) ? 1000 : WRAPPERS.has(e.keyword) ? 0 : 1),
        0,
      );
      if (score < bestScore) [best, bestScore] = [n, score];
    }
    const fits = best !== null && bestScore < 1000;
    for (const [n, errs] of byBranch) if (!fits || n !== best) for (const e of errs) dropped.add(e);
    if (fits) dropped.add(u);
  }
  return units.filter((u) => !dropped.has(u));
}

/** The errors a user can act on: leaves only, inside a union those of the branch meant, no duplicates. */
export function toRjsfErrors(all: OutputUnit[]): RJSFValidationError[] {
  const out: RJSFValidationError[] = [];
  const seen = new Set<string>();
  const units = pickBranches(all);
  for (const u of units) {
    if (WRAPPERS.has(u.keyword) && units.length > 1) continue;
    const { message, missing } = friendly(u);
    let property = toProperty(u.instanceLocation);
    if (missing !== undefined)
      property = `${property}${/^[A-Za-z_$][\w$]*$/.test(missing) ? `.${missing}` : `['${missing}']`}`;
    const key = `${property}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      name: u.keyword,
      property,
      message,
      params: missing ? { missingProperty: missing } : {},
      schemaPath: u.keywordLocation,
      stack: `${property || '.'} ${message}`.trim(),
    });
  }
  return out;
}

/**
 * rjsf's ValidatorType on @cfworker/json-schema: it interprets schemas instead of compiling them,
 * so it runs under a CSP without 'unsafe-eval' (rjsf's default ajv validator does not).
 */
export class CfworkerValidator<T = unknown> implements ValidatorType<T, RJSFSchema> {
  private cache = new Map<string, Validator>();

  private validatorFor(schema: RJSFSchema, rootSchema?: RJSFSchema): Validator {
    const merged = rootSchema && rootSchema !== schema ? withRootDefs(schema, rootSchema) : schema;
    const key = JSON.stringify(merged);
    let v = this.cache.get(key);
    if (!v) {
      if (this.cache.size > 200) this.cache.clear();
      v = new Validator(merged as Schema, draftOf(merged), false);
      this.cache.set(key, v);
    }
    return v;
  }

  rawValidation<Result = OutputUnit>(schema: RJSFSchema, formData?: T): { errors?: Result[]; validationError?: Error } {
    try {
      const r = this.validatorFor(schema).validate(formData === undefined ? {} : formData);
      return { errors: r.errors as Result[] };
    } catch (e) {
      return { validationError: e instanceof Error ? e : new Error(String(e)) };
    }
  }

  validateFormData(
    formData: T | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<T, RJSFSchema>,
    transformErrors?: ErrorTransformer<T, RJSFSchema>,
    uiSchema?: UiSchema<T, RJSFSchema>,
  ): ValidationData<T> {
    const raw = this.rawValidation<OutputUnit>(schema, formData);
    let errors: RJSFValidationError[] = raw.validationError
      ? [
          {
            name: 'schema',
            message: `Invalid schema: ${raw.validationError.message}`,
            stack: `Invalid schema: ${raw.validationError.message}`,
          },
        ]
      : toRjsfErrors(raw.errors ?? []);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    let data: ValidationData<T> = { errors, errorSchema: toErrorSchema<T>(errors) };
    if (customValidate) {
      const handler = customValidate(formData as T, createErrorHandler<T>(formData as T), uiSchema);
      data = validationDataMerge<T>(data, unwrapErrorHandler<T>(handler));
    }
    return data;
  }

  isValid(schema: RJSFSchema, formData: T | undefined, rootSchema: RJSFSchema): boolean {
    try {
      return this.validatorFor(schema, rootSchema).validate(formData).valid;
    } catch {
      return false;
    }
  }

  reset(): void {
    this.cache.clear();
  }
}

/** A sub-schema that can resolve the root's `#/$defs/...` and `#/definitions/...` refs. */
function withRootDefs(schema: RJSFSchema, root: RJSFSchema): RJSFSchema {
  const out: RJSFSchema = { ...schema };
  if (root.$defs) out.$defs = { ...(root.$defs as object), ...((schema.$defs as object) ?? {}) };
  if (root.definitions) out.definitions = { ...root.definitions, ...(schema.definitions ?? {}) };
  return out;
}

/** One shared instance: its cache is per schema. */
export const cfworkerValidator = new CfworkerValidator();
