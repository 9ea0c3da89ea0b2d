import { DEFAULT_API_URL } from '../../../shared/domain/persona';

/** Keys whose values are secrets wherever they appear in a persona (brains' keys, tokens). */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'api_key',
  'token',
  'access_token',
  'auth_token',
  'secret_key',
  'password',
]);

/**
 * The secret fields of each plugin's config block, as paths inside the block; `*` stands for every entry of a
 * map (each header, each environment value, each variable). The one place that says what a toolbox keeps secret:
 * those values go to the secret store, never to the persona file, the window, a log or an export without secrets.
 */
export const SECRET_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'ovos-mcp-toolbox': ['headers.*', 'env.*'],
  'ovos-utcp-toolbox': ['utcp_config.variables.*', 'utcp_config.manual_call_templates.*.headers.*'],
};

/** Entries of the secret store that say which origin a secret was saved for (not secrets themselves). */
export const ORIGIN_PREFIX = '@origin:';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
/** `ovos-mcp-toolbox:files` is an instance of `ovos-mcp-toolbox`. */
const pluginOf = (key: string) => (key.includes(':') ? key.slice(0, key.indexOf(':')) : key);

/** True when this path (as segments) names a secret: a secret key anywhere, or a plugin's declared field. */
export function isSecretPath(segments: readonly string[]): boolean {
  const last = segments[segments.length - 1];
  if (last !== undefined && SECRET_KEYS.has(last)) return true;
  for (let i = 0; i < segments.length - 1; i++) {
    const rules = SECRET_FIELDS[pluginOf(segments[i])];
    if (!rules) continue;
    const rest = segments.slice(i + 1);
    for (const rule of rules) {
      const parts = rule.split('.');
      if (parts.length === rest.length && parts.every((p, j) => p === '*' || p === rest[j])) return true;
    }
  }
  return false;
}

/** What splitting a persona's secrets gives: the persona without them, the values set, the ones cleared (""). */
export interface SplitSecrets {
  persona: Json;
  set: Record<string, string>;
  cleared: string[];
}

/**
 * Takes every secret field (SECRET_KEYS at any depth of objects, and SECRET_FIELDS of plugin blocks) out of a
 * persona. A value is a secret to store; null, or "" for a secret key (`api_key`), asks to forget the stored one
 * (so the editor can leave a key empty to keep it); paths are dotted
 * (`<engine>.<brain>.api_key`, `<engine>.ovos-mcp-toolbox:files.env.TOKEN`).
 */
export function splitSecrets(persona: Json): SplitSecrets {
  const set: Record<string, string> = {};
  const cleared: string[] = [];
  const walk = (node: Json, prefix: string[]): Json => {
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      const here = [...prefix, key];
      if ((typeof value === 'string' || value === null) && isSecretPath(here)) {
        // An entry of a map (an env value, a header) may be "" on purpose; only a key's "" means forget it.
        if (value || (value === '' && !SECRET_KEYS.has(key))) set[here.join('.')] = value;
        else cleared.push(here.join('.'));
        continue;
      }
      out[key] = isObject(value) ? walk(value, here) : Array.isArray(value) ? walkList(value, here) : value;
    }
    return out;
  };
  // Lists of blocks (UTCP's manual_call_templates): an item's path segment is its index.
  const walkList = (list: unknown[], prefix: string[]): unknown[] =>
    list.map((item, i) => (isObject(item) ? walk(item, [...prefix, String(i)]) : item));
  return { persona: walk(persona, []), set, cleared };
}

/** The object a dotted secret path belongs to (keys may contain dots), with its ancestors; null if not a secret slot. */
function findParent(
  root: Json,
  dotted: string,
  prefix: string[] = [],
  chain: Json[] = [],
): { parent: Json; key: string; chain: Json[] } | null {
  for (const [key, value] of Object.entries(root)) {
    if (!dotted.startsWith(`${key}.`)) continue;
    const rest = dotted.slice(key.length + 1);
    if (isObject(value)) {
      const found = findParent(value, rest, [...prefix, key], [...chain, root]);
      if (found) return found;
    } else if (Array.isArray(value)) {
      const index = rest.slice(0, rest.indexOf('.'));
      const item = /^\d+$/.test(index) ? value[Number(index)] : undefined;
      if (!isObject(item)) continue;
      const found = findParent(item, rest.slice(index.length + 1), [...prefix, key, index], [...chain, root]);
      if (found) return found;
    }
  }
  if (isObject(root[dotted])) return null;
  return isSecretPath([...prefix, dotted]) ? { parent: root, key: dotted, chain: [...chain, root] } : null;
}

/** True when the object holding this secret still exists in the persona. */
export function secretPathExists(persona: Json, dotted: string): boolean {
  return !dotted.startsWith(ORIGIN_PREFIX) && findParent(persona, dotted) !== null;
}

/**
 * The origin a secret at this path may be sent to: the origin of its block's `api_url` (brains; Ollama's default
 * when unset) for `api_key`, else of the nearest enclosing block's `url`. null: the secret goes to no server
 * (an environment value of a local program).
 */
export function secretOrigin(persona: Json, dotted: string): string | null {
  const found = findParent(persona, dotted);
  if (!found) return null;
  if (found.key === 'api_key')
    return originOf(typeof found.parent.api_url === 'string' ? found.parent.api_url : DEFAULT_API_URL);
  for (const node of [...found.chain].reverse()) if (typeof node.url === 'string') return originOf(node.url);
  return null;
}

/** One plugin block without its secrets (a toolbox's config as the window may see it). */
export function blockWithoutSecrets(blockKey: string, block: Json): Json {
  return (splitSecrets({ [blockKey]: block }).persona[blockKey] as Json | undefined) ?? {};
}

/** `scheme://host:port` of a URL; the text itself when it is not one (then only the very same text matches). */
export function originOf(url: string): string {
  try {
    const parsed = new URL(url.trim());
    return parsed.origin !== 'null' ? parsed.origin : url.trim();
  } catch {
    return url.trim();
  }
}

/** The secret values of a stored record, without its origin entries. */
export function secretValues(stored: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(stored).filter(([p]) => !p.startsWith(ORIGIN_PREFIX)));
}

/** Paths whose stored secret was saved for another origin than the persona's URL now names: held back. */
export function heldSecrets(persona: Json, stored: Record<string, string>): string[] {
  return Object.keys(secretValues(stored)).filter((p) => {
    const bound = stored[ORIGIN_PREFIX + p];
    return bound !== undefined && secretPathExists(persona, p) && secretOrigin(persona, p) !== bound;
  });
}

/**
 * A deep copy of the persona with the stored secrets put back where they belong. A secret saved for one origin
 * is left out when its block now points at another: a key is sent only to the server it was saved for.
 */
export function mergeSecrets<T extends Json>(persona: T, stored: Record<string, string>): T {
  const copy = structuredClone(persona) as Json;
  const held = new Set(heldSecrets(persona, stored));
  for (const [dotted, value] of Object.entries(secretValues(stored))) {
    if (held.has(dotted)) continue;
    const target = findParent(copy, dotted);
    if (target) target.parent[target.key] = value;
  }
  return copy as T;
}
