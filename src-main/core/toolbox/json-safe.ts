/**
 * A tool's output as plain JSON data, whatever JavaScript values it holds, so it always serializes for the trace,
 * the session file and the model. Plain JSON comes out exactly as a JSON round trip gives it (Date -> ISO string
 * through toJSON, NaN/Infinity -> null, undefined dropped); what JSON.stringify throws on or loses is kept readable:
 * BigInt -> number when safe, else its digits as a string; a circular reference -> "[Circular]"; Map -> object;
 * Set -> array; Error -> {name, message}.
 */
export function toJsonSafe(value: unknown): unknown {
  return convert(value, new Set(), '');
}

function convert(value: unknown, ancestors: Set<object>, key: string): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
    case 'object':
      break;
    default:
      return undefined;
  }
  const object = value as object & { toJSON?: (key: string) => unknown };
  if (ancestors.has(object)) return '[Circular]';
  ancestors.add(object);
  try {
    if (typeof object.toJSON === 'function') return convert(object.toJSON(key), ancestors, key);
    if (Array.isArray(object)) return object.map((item, i) => convert(item, ancestors, String(i)) ?? null);
    if (object instanceof Map)
      return entries(
        [...object.entries()].map(([k, v]) => [String(k), v]),
        ancestors,
      );
    if (object instanceof Set) return [...object].map((item, i) => convert(item, ancestors, String(i)) ?? null);
    if (object instanceof Error) return { name: object.name, message: object.message };
    if (ArrayBuffer.isView(object))
      return Array.from(object as unknown as ArrayLike<number>, (n) => convert(n, ancestors, ''));
    return entries(Object.entries(object), ancestors);
  } finally {
    ancestors.delete(object);
  }
}

function entries(pairs: Array<[string, unknown]>, ancestors: Set<object>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of pairs) {
    const converted = convert(v, ancestors, k);
    if (converted !== undefined) out[k] = converted;
  }
  return out;
}
