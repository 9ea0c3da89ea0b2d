import type { JsonSchema } from '../../../shared/domain/tool';
import {
  all,
  count,
  numberChecks,
  oneOfValues,
  only,
  stringChecks,
  typeCheck,
  unique,
  Unsupported,
  withAdditional,
  type Check,
  type Node,
} from './json-schema-leaves';

/** Whether a value is valid; `false` means "not known to be valid": ask the full validator. */
export type SchemaCheck = (value: unknown) => boolean;

/**
 * Keywords @cfworker/json-schema (our validator) acts on that the check does not implement: a schema using any of
 * them gets no check and is always validated by cfworker. Everything else cfworker ignores is ignored here too.
 */
const UNSUPPORTED = new Set([
  '$id',
  'id',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  'if',
  'then',
  'else',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'multipleOf',
]);

/** Where subschemas sit, as cfworker's dereference walks them: maps of them, lists of them, one of them. */
const SCHEMA_MAPS = { $defs: true, definitions: true, properties: true };
const SCHEMA_LISTS = { allOf: true, anyOf: true, oneOf: true };
const SCHEMA_ONE = { items: true, additionalProperties: true, not: true };

function descend(node: unknown, key: string | null): unknown {
  if (key === null) return node;
  const name = key.replace(/~1/g, '/').replace(/~0/g, '~');
  if (!node || typeof node !== 'object' || !Object.hasOwn(node, name)) throw new Unsupported();
  return (node as Record<string, unknown>)[name];
}

const checks = new WeakMap<object, SchemaCheck | null>();

/**
 * A yes/no validity check compiled once from a JSON Schema into closures (no eval: our CSP forbids it), for the
 * common case of a valid value: validating with cfworker walks the schema and builds JSON pointers on every call,
 * which costs more than an MCP round trip's own client work. It agrees with cfworker (draft 2020-12) on every
 * schema it accepts; null for a schema using keywords it does not implement (`UNSUPPORTED`, remote or `$id` refs).
 * A `false` answer, or a throw, is never final: the caller asks cfworker, which also words the issues.
 * Cached per schema object (tool schemas are not mutated).
 */
export function compileCheck(schema: JsonSchema | boolean): SchemaCheck | null {
  if (typeof schema !== 'object' || schema === null) return schema === true ? () => true : null;
  let check = checks.get(schema);
  if (check === undefined) {
    try {
      const compiled = new Compiler(schema).compile(schema);
      check = (value) => {
        try {
          return compiled(value);
        } catch {
          return false;
        }
      };
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      check = null;
    }
    checks.set(schema, check);
  }
  return check;
}

class Compiler {
  private readonly compiled = new Map<unknown, Check>();

  constructor(private readonly root: Node) {}

  compile(node: unknown): Check {
    if (node === true) return () => true;
    if (node === false) return () => false;
    if (!node || typeof node !== 'object' || Array.isArray(node)) throw new Unsupported();
    const done = this.compiled.get(node);
    if (done) return done;
    // Recursive schemas: a reference to a node still being compiled calls it through this cell.
    let body: Check = () => false;
    this.compiled.set(node, (v) => body(v));
    body = all(this.keywords(node as Node));
    this.compiled.set(node, body);
    return body;
  }

  private keywords(s: Node): Check[] {
    for (const key of Object.keys(s)) if (UNSUPPORTED.has(key)) throw new Unsupported();
    const out: Check[] = [];
    if (s.$ref !== undefined) out.push(this.ref(s.$ref));
    if (s.type !== undefined) out.push(typeCheck(s.type));
    // Checks run in order and stop at the first false: after `type` passed, keywords of that kind need no guard.
    const sure = typeof s.type === 'string' ? (s.type === 'integer' ? 'number' : s.type) : null;
    if (s.const !== undefined) out.push(oneOfValues([s.const]));
    if (s.enum !== undefined) {
      if (!Array.isArray(s.enum)) throw new Unsupported();
      out.push(oneOfValues(s.enum));
    }
    if (s.not !== undefined) {
      const not = this.compile(s.not);
      out.push((v) => !not(v));
    }
    if (s.anyOf !== undefined) {
      const subs = this.list(s.anyOf);
      out.push((v) => {
        for (let i = 0; i < subs.length; i++) if (subs[i](v)) return true;
        return false;
      });
    }
    if (s.allOf !== undefined) out.push(all(this.list(s.allOf)));
    if (s.oneOf !== undefined) {
      const subs = this.list(s.oneOf);
      out.push((v) => {
        let matches = 0;
        for (let i = 0; i < subs.length; i++) if (subs[i](v) && ++matches > 1) return false;
        return matches === 1;
      });
    }
    const kinds: [string, Check[]][] = [
      ['object', this.objectChecks(s)],
      ['array', this.arrayChecks(s)],
      ['number', numberChecks(s)],
      ['string', stringChecks(s)],
    ];
    for (const [type, checks] of kinds)
      if (checks.length) out.push(type === sure ? all(checks) : only(type, all(checks)));
    return out;
  }

  private list(value: unknown): Check[] {
    if (!Array.isArray(value)) throw new Unsupported();
    return value.map((n) => this.compile(n));
  }

  /** A local `#/...` reference through schema positions only (as cfworker's lookup has them); else Unsupported. */
  private ref(ref: unknown): Check {
    if (typeof ref !== 'string' || !/^#(\/[A-Za-z0-9._~!$&'()*+,;=:@?-]+)*$/.test(ref)) throw new Unsupported();
    const parts = ref.length > 1 ? ref.slice(2).split('/') : [];
    let target: unknown = this.root;
    for (let i = 0; i < parts.length; i++) {
      const step = parts[i];
      const holder =
        Object.hasOwn(SCHEMA_MAPS, step) || Object.hasOwn(SCHEMA_LISTS, step)
          ? parts[++i]
          : Object.hasOwn(SCHEMA_ONE, step)
            ? null
            : undefined;
      if (holder === undefined) throw new Unsupported();
      target = descend(descend(target, step), holder);
    }
    let check: Check | null = null;
    // Compiled on first use: a $defs entry nobody reaches costs nothing, and a cycle resolves through the cell.
    return (v) => (check ??= this.compile(target))(v);
  }

  private objectChecks(s: Node): Check[] {
    const out: Check[] = [];
    if (s.required !== undefined) {
      if (!Array.isArray(s.required) || !s.required.every((k) => typeof k === 'string')) throw new Unsupported();
      const required = s.required as string[];
      out.push((v) => {
        for (let i = 0; i < required.length; i++) if (!Object.hasOwn(v as object, required[i])) return false;
        return true;
      });
    }
    if (s.minProperties !== undefined) {
      const min = count(s.minProperties);
      out.push((v) => Object.keys(v as object).length >= min);
    }
    if (s.maxProperties !== undefined) {
      const max = count(s.maxProperties);
      out.push((v) => Object.keys(v as object).length <= max);
    }
    const keys: string[] = [];
    const subs: Check[] = [];
    if (s.properties !== undefined) {
      if (!s.properties || typeof s.properties !== 'object' || Array.isArray(s.properties)) throw new Unsupported();
      for (const [key, sub] of Object.entries(s.properties as Node)) {
        if (key === '__proto__') throw new Unsupported();
        keys.push(key);
        subs.push(this.compile(sub));
      }
    }
    const extra = s.additionalProperties === undefined ? null : this.compile(s.additionalProperties);
    if (extra) out.push(withAdditional(keys, subs, extra));
    else if (keys.length) {
      // The schema's properties looked up on the value (no key list made); a name every object inherits
      // (`constructor`, `toString`) counts only as an own key. An own undefined (cfworker throws on it) is left to it.
      const inherited = keys.map((key) => key in Object.prototype);
      out.push((v) => {
        const o = v as Node;
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i];
          if (inherited[i] && !Object.hasOwn(o, key)) continue;
          const x = o[key];
          if (x === undefined ? key in o : !subs[i](x)) return false;
        }
        return true;
      });
    }
    return out;
  }

  private arrayChecks(s: Node): Check[] {
    const out: Check[] = [];
    if (s.minItems !== undefined) {
      const min = count(s.minItems);
      out.push((v) => (v as unknown[]).length >= min);
    }
    if (s.maxItems !== undefined) {
      const max = count(s.maxItems);
      out.push((v) => (v as unknown[]).length <= max);
    }
    if (s.items !== undefined) {
      if (Array.isArray(s.items)) throw new Unsupported();
      const item = this.compile(s.items);
      out.push((v) => {
        const a = v as unknown[];
        for (let i = 0; i < a.length; i++) if (!item(a[i])) return false;
        return true;
      });
    }
    if (s.uniqueItems === true) out.push(unique);
    else if (s.uniqueItems !== undefined && s.uniqueItems !== false) throw new Unsupported();
    return out;
  }
}
