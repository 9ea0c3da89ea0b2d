/** Keys whose values are secrets: moved out of persona files into the secrets store. */
export const SECRET_KEYS = new Set(['api_key']);

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What splitting a persona's secrets gives: the persona without them, the values set, the ones cleared (""). */
export interface SplitSecrets {
  persona: Json;
  set: Record<string, string>;
  cleared: string[];
}

/**
 * Takes every `api_key` (at any depth of objects) out of a persona. A non-empty value is a secret to store,
 * an empty string asks to forget the stored one; paths are dotted (`<engine>.<brain>.api_key`).
 */
export function splitSecrets(persona: Json): SplitSecrets {
  const set: Record<string, string> = {};
  const cleared: string[] = [];
  const walk = (node: Json, prefix: string[]): Json => {
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      const here = [...prefix, key];
      if (SECRET_KEYS.has(key) && (typeof value === 'string' || value === null)) {
        if (value) set[here.join('.')] = value;
        else cleared.push(here.join('.'));
        continue;
      }
      out[key] = isObject(value) ? walk(value, here) : value;
    }
    return out;
  };
  return { persona: walk(persona, []), set, cleared };
}

/** Finds the object a dotted secret path belongs to (keys may contain dots themselves). */
function findParent(root: Json, dotted: string): { parent: Json; key: string } | null {
  if (SECRET_KEYS.has(dotted)) return { parent: root, key: dotted };
  for (const [key, value] of Object.entries(root)) {
    if (isObject(value) && dotted.startsWith(`${key}.`)) {
      const found = findParent(value, dotted.slice(key.length + 1));
      if (found) return found;
    }
  }
  return null;
}

/** True when the object holding this secret still exists in the persona. */
export function secretPathExists(persona: Json, dotted: string): boolean {
  return findParent(persona, dotted) !== null;
}

/** A deep copy of the persona with the stored secrets put back where they belong. */
export function mergeSecrets<T extends Json>(persona: T, secrets: Record<string, string>): T {
  const copy = structuredClone(persona) as Json;
  for (const [dotted, value] of Object.entries(secrets)) {
    const target = findParent(copy, dotted);
    if (target) target.parent[target.key] = value;
  }
  return copy as T;
}
