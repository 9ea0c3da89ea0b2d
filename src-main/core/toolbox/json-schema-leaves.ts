import { deepCompareStrict, format, ucs2length } from '@cfworker/json-schema';

/**
 * The leaf checks `json-schema-check.ts` compiles a schema to (types, enum values, number and string keywords,
 * unique items) and how they combine.
 */

/** A keyword value the check cannot check: the schema then gets no check and is always validated by cfworker. */
export class Unsupported extends Error {}

export type Check = (value: unknown) => boolean;
export type Node = Record<string, unknown>;

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
const isArray: Check = Array.isArray;

/** Whether a value is of one JSON Schema type; null for a name that is none (no value has it). */
function kindTest(type: string): Check | null {
  switch (type) {
    case 'object':
      return isObject;
    case 'array':
      return isArray;
    case 'string':
      return (v) => typeof v === 'string';
    case 'number':
      return (v) => typeof v === 'number';
    case 'integer':
      return Number.isInteger;
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'null':
      return (v) => v === null;
    default:
      return null;
  }
}

/** Every property of an object with additionalProperties: each own key by its property's check, else `extra`. */
export function withAdditional(keys: string[], subs: Check[], extra: Check): Check {
  const byKey = new Map(keys.map((key, i) => [key, subs[i]]));
  return (v) => {
    const o = v as Node;
    for (const key of Object.keys(o)) if (!(byKey.get(key) ?? extra)(o[key])) return false;
    return true;
  };
}

/** Every one of the checks passes. */
export function all(checks: Check[]): Check {
  if (checks.length === 0) return () => true;
  if (checks.length === 1) return checks[0];
  if (checks.length === 2) {
    const [a, b] = checks;
    return (v) => a(v) && b(v);
  }
  return (v) => {
    for (let i = 0; i < checks.length; i++) if (!checks[i](v)) return false;
    return true;
  };
}

/** A check of keywords that apply to one kind of value only (any other kind passes them). */
export function only(type: string, check: Check): Check {
  const is = kindTest(type)!;
  return (v) => !is(v) || check(v);
}

/** The `type` keyword: one type name or a list of them. */
export function typeCheck(type: unknown): Check {
  const types = Array.isArray(type) ? type : [type];
  if (!types.every((t) => typeof t === 'string')) throw new Unsupported();
  const tests = types.map((t: string) => kindTest(t)).filter((t): t is Check => t !== null);
  if (tests.length === 0) return () => false;
  if (tests.length === 1) return tests[0];
  return (v) => {
    for (let i = 0; i < tests.length; i++) if (tests[i](v)) return true;
    return false;
  };
}

/** `enum` / `const`: one of the values (objects and arrays compared deeply). */
export function oneOfValues(values: unknown[]): Check {
  const primitives = new Set(values.filter((x) => x === null || typeof x !== 'object'));
  const structured = values.filter((x) => x !== null && typeof x === 'object');
  return (v) =>
    v !== null && typeof v === 'object' ? structured.some((x) => deepCompareStrict(v, x)) : primitives.has(v);
}

/** A number's bounds (minimum, maximum and their exclusive forms). */
export function numberChecks(s: Node): Check[] {
  const out: Check[] = [];
  const bound = (key: string, ok: (v: number, b: number) => boolean) => {
    if (s[key] === undefined) return;
    if (typeof s[key] !== 'number') throw new Unsupported();
    const b = s[key] as number;
    out.push((v) => ok(v as number, b));
  };
  bound('minimum', (v, b) => v >= b);
  bound('maximum', (v, b) => v <= b);
  bound('exclusiveMinimum', (v, b) => v > b);
  bound('exclusiveMaximum', (v, b) => v < b);
  return out;
}

/** A string's length (in code points), pattern and format. */
export function stringChecks(s: Node): Check[] {
  const out: Check[] = [];
  if (s.minLength !== undefined) {
    const min = count(s.minLength);
    // A string has at least length / 2 and at most length code points: ucs2length only in between.
    out.push((v) => {
      const n = (v as string).length;
      return n >= min && (n >= 2 * min || ucs2length(v as string) >= min);
    });
  }
  if (s.maxLength !== undefined) {
    const max = count(s.maxLength);
    out.push((v) => (v as string).length <= max || ucs2length(v as string) <= max);
  }
  if (s.pattern !== undefined) {
    if (typeof s.pattern !== 'string') throw new Unsupported();
    let regex: RegExp;
    try {
      regex = new RegExp(s.pattern, 'u');
    } catch {
      throw new Unsupported();
    }
    out.push((v) => regex.test(v as string));
  }
  if (s.format !== undefined) {
    const test = typeof s.format === 'string' && Object.hasOwn(format, s.format) ? format[s.format] : null;
    if (test) out.push((v) => test(v as string));
  }
  return out;
}

/** A keyword's count (minItems...), or Unsupported when it is not a number. */
export function count(value: unknown): number {
  if (typeof value !== 'number') throw new Unsupported();
  return value;
}

/** `uniqueItems`: no two items are deeply equal. */
export function unique(v: unknown): boolean {
  const items = v as unknown[];
  for (let j = 0; j < items.length; j++)
    for (let k = j + 1; k < items.length; k++) {
      const a = items[j];
      const b = items[k];
      if (a === b || (typeof a === 'object' && a && typeof b === 'object' && b && deepCompareStrict(a, b)))
        return false;
    }
  return true;
}
