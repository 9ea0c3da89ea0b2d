import { optionLabels } from './option-labels';
import { isNode, type Node } from './schema-node';

function typeOfConst(v: unknown): string | undefined {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (v === null) return 'null';
  return undefined;
}

/** The keywords that only constrain values of one type: they move into that type's branch of a type union. */
const KEYWORDS_OF: Record<string, string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentMediaType', 'contentEncoding'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'additionalItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'minProperties',
    'maxProperties',
    'propertyNames',
  ],
};

/** `prefixItems` (2020-12) as draft-07 `items: [...]` + `additionalItems`, which rjsf draws one input per position. */
function tupleToItems(out: Node) {
  if (!Array.isArray(out.prefixItems)) return;
  const rest = out.items;
  out.items = out.prefixItems;
  delete out.prefixItems;
  if (rest === undefined) delete out.additionalItems;
  else out.additionalItems = rest;
}

/**
 * `type: ["string", "number", "null"]` as an anyOf with one branch per type, so the form offers a type choice
 * instead of a text box for everything (rjsf takes the first type). "none" goes last: a field starts on a value.
 */
function typeUnionToAnyOf(out: Node) {
  const types = out.type;
  if (!Array.isArray(types) || types.length < 2) return;
  if ('anyOf' in out || 'oneOf' in out || 'enum' in out || 'const' in out) return;
  const ordered = [...types.filter((t) => t !== 'null'), ...types.filter((t) => t === 'null')];
  const moved = new Set<string>();
  out.anyOf = ordered.map((t) => {
    const branch: Node = { type: t, title: t === 'null' ? 'none' : String(t) };
    for (const k of KEYWORDS_OF[String(t)] ?? [])
      if (k in out) {
        branch[k] = out[k];
        moved.add(k);
      }
    return branch;
  });
  delete out.type;
  for (const k of moved) delete out[k];
}

/**
 * A union whose "none" comes first would start on it: values first, "none" last (the same values validate).
 * "none" is also written `type: ["null"]`: rjsf scores a `type: "null"` option as the best match for an empty
 * field and would start a required nullable field on "none".
 */
function noneLast(branches: unknown[]): unknown[] {
  const isNull = (b: unknown) => isNode(b) && b.type === 'null';
  return [...branches.filter((b) => !isNull(b)), ...branches.filter(isNull)];
}

/**
 * Makes a tool's JSON Schema friendlier to rjsf without changing what it accepts: tuples become draft-07 tuples,
 * type unions become an anyOf with a type choice, a oneOf/anyOf of consts becomes an enum (rjsf cannot render it
 * otherwise), and options get labels (title, discriminator value, distinguishing key, type).
 */
export function prepareSchema<T>(schema: T): T {
  const walk = (node: unknown, depth: number): unknown => {
    if (depth > 64) return node;
    if (Array.isArray(node)) return node.map((n) => walk(n, depth + 1));
    if (!isNode(node)) return node;
    const out: Node = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v, depth + 1);
    tupleToItems(out);
    typeUnionToAnyOf(out);
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = out[key];
      if (!Array.isArray(branches) || !branches.length) continue;
      if (branches.every((b) => isNode(b) && 'const' in b)) {
        const values = branches.map((b) => (b as Node).const);
        const types = [...new Set(values.map(typeOfConst))];
        delete out[key];
        out.enum = values;
        if (types.length === 1 && types[0] && out.type === undefined) out.type = types[0];
        const names = branches.map((b) => (b as Node).title);
        if (names.every((n) => typeof n === 'string')) out['enumNames'] = names;
      } else {
        const ordered = noneLast(branches);
        const labels = optionLabels(ordered, schema);
        out[key] = ordered.map((b, i) => {
          if (!isNode(b)) return b;
          const titled = !labels[i] || b.title === labels[i] ? b : { ...b, title: labels[i] };
          return titled.type === 'null' ? { ...titled, type: ['null'] } : titled;
        });
      }
    }
    return out;
  };
  return walk(schema, 0) as T;
}
