/** A JSON Schema node as the form helpers walk it. */
export type Node = Record<string, unknown>;

export const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** Follows a local `#/...` $ref (once); anything else is returned as it is. */
export function resolveRef(node: Node, root: unknown): Node {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let cur: unknown = root;
  for (const part of ref.slice(2).split('/'))
    cur = isNode(cur) ? cur[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isNode(cur) ? cur : node;
}

/** A value shown in a label or a hint: strings as they are, the rest as JSON. */
export function shown(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}
