/**
 * One way to parse JSON from outside (persona files, imports, settings, sessions, model replies, tool-call
 * arguments, MCP results, host requests): a leading UTF-8 BOM is dropped, nesting is limited before anything
 * recursive (zod, JSON.stringify, structuredClone) can overflow the stack, and `__proto__` keys are refused
 * instead of vanishing on the first spread or validation.
 */

/** Deeper than any persona, tool schema or reply we know (personas are about 6 levels deep). */
export const MAX_JSON_DEPTH = 256;

export type JsonInputProblem = 'syntax' | 'depth' | 'proto_key';

/** JSON that cannot be taken in: the message says why in words; `problem` lets callers pick their error code. */
export class JsonInputError extends Error {
  constructor(
    readonly problem: JsonInputProblem,
    message: string,
    readonly details: { limit?: number; paths?: string[] } = {},
  ) {
    super(message);
    this.name = 'JsonInputError';
  }
}

export interface SafeJsonOptions {
  /** Deepest nesting of arrays and objects; default MAX_JSON_DEPTH. */
  maxDepth?: number;
  /** Refuse `__proto__` keys (default true). */
  allowProtoKeys?: boolean;
}

/** Parses JSON text under the limits; throws JsonInputError (syntax, depth, __proto__ keys). */
export function parseJsonSafe(text: string, options: SafeJsonOptions = {}): unknown {
  const limit = options.maxDepth ?? MAX_JSON_DEPTH;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (mayNestDeeper(source, limit) && textDepth(source, limit) > limit) throw depthError(limit);
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new JsonInputError('syntax', error instanceof Error ? error.message : String(error));
  }
  // A `__proto__` key is spelled out in the text, or hidden behind \u escapes.
  if (!options.allowProtoKeys && (source.includes('__proto__') || source.includes('\\u'))) assertNoProtoKeys(value);
  return value;
}

/** Checks a value parsed elsewhere (by a library) against the same limits; iterative, so it never overflows. */
export function assertJsonSafe(value: unknown, options: SafeJsonOptions = {}): void {
  if (value === null || typeof value !== 'object') return;
  const limit = options.maxDepth ?? MAX_JSON_DEPTH;
  // One pass over the objects only (MCP results run through here on every call): depth, and whether any key is
  // `__proto__`; the paths for the message are built only when one is.
  const nodes: object[] = [value];
  const depths: number[] = [1];
  let protoKey = false;
  while (nodes.length) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > limit) throw depthError(limit);
    if (Array.isArray(node)) {
      for (const child of node)
        if (child !== null && typeof child === 'object') {
          nodes.push(child);
          depths.push(depth + 1);
        }
      continue;
    }
    for (const key of Object.keys(node)) {
      if (key === '__proto__') protoKey = true;
      const child = (node as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
  if (protoKey && !options.allowProtoKeys) assertNoProtoKeys(value);
}

function depthError(limit: number): JsonInputError {
  return new JsonInputError('depth', `The JSON is nested deeper than ${limit} levels, the limit.`, { limit });
}

/** False when the text has too few `{` and `[` to nest past `limit` (counted with indexOf, no character loop). */
function mayNestDeeper(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  let opened = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1)) if (++opened > limit) return true;
  }
  return false;
}

/** The deepest nesting in the text, counted without parsing (stops counting once past `stopAt`). */
function textDepth(text: string, stopAt: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
      if (max > stopAt) return max;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** Throws naming every `__proto__` key (as dotted paths); the value must already be depth-checked. */
function assertNoProtoKeys(value: unknown): void {
  const paths: string[] = [];
  const visit = (node: unknown, at: string) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, `${at}[${i}]`));
      return;
    }
    for (const key of Object.keys(node)) {
      const where = at ? `${at}.${key}` : key;
      if (key === '__proto__') paths.push(where);
      else visit((node as Record<string, unknown>)[key], where);
    }
  };
  visit(value, '');
  if (paths.length)
    throw new JsonInputError(
      'proto_key',
      `The JSON has a "__proto__" key, which is refused (it would be dropped silently): ${paths.join(', ')}.`,
      { paths },
    );
}
