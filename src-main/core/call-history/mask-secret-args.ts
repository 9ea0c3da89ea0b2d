import { SECRET_KEYS } from '../personas/secret-fields';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Words of an argument name that make its value a secret (`access_token`, `apiKey`, `db-password`). */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'credential',
  'credentials',
  'authorization',
]);
const SECRET_PAIRS = [
  ['api', 'key'],
  ['private', 'key'],
  ['access', 'key'],
  ['client', 'secret'],
];

/** The words of a name: `apiKey`, `api_key`, `api-key` all give `api`, `key`. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** True when an argument of this name holds a secret by its name alone. */
export function isSecretArgName(name: string): boolean {
  if (SECRET_KEYS.has(name)) return true;
  const words = wordsOf(name);
  if (words.some((w) => SECRET_WORDS.has(w))) return true;
  return SECRET_PAIRS.some(([a, b]) => words.some((w, i) => w === a && words[i + 1] === b));
}

/** True when the schema of a field says its value is secret (`format: password`, `writeOnly`). */
function schemaSaysSecret(schema: unknown): boolean {
  return isObject(schema) && (schema.format === 'password' || schema.writeOnly === true);
}

function propertySchema(schema: unknown, key: string): unknown {
  if (!isObject(schema)) return undefined;
  const props = schema.properties;
  if (isObject(props) && key in props) return props[key];
  return isObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
}

/**
 * The arguments of a call without their secrets, for the history: a field is left out when the tool's schema
 * marks it (`format: "password"`, `writeOnly`) or its name says it is one (`password`, `api_key`, `accessToken`),
 * at any depth of objects and lists. `masked` lists the paths left out, for the user to fill in again.
 */
export function maskSecretArgs(args: Json, schema: unknown): { args: Json; masked: string[] } {
  const masked: string[] = [];
  const walk = (value: unknown, node: unknown, path: string[]): unknown => {
    if (Array.isArray(value)) {
      const items = isObject(node) ? node.items : undefined;
      return value.map((item, i) => walk(item, items, [...path, String(i)]));
    }
    if (!isObject(value)) return value;
    const out: Json = {};
    for (const [key, v] of Object.entries(value)) {
      const sub = propertySchema(node, key);
      const secretByName = isSecretArgName(key) && (typeof v === 'string' || schemaSaysSecret(sub));
      if (v !== null && v !== undefined && v !== '' && (schemaSaysSecret(sub) || secretByName)) {
        masked.push([...path, key].join('.'));
        continue;
      }
      out[key] = walk(v, sub, [...path, key]);
    }
    return out;
  };
  return { args: walk(args, schema, []) as Json, masked };
}
