import { isNode, resolveRef, shown, type Node } from './schema-node';

/** The const (or single enum value) a property of a branch is fixed to, if any. */
function fixedValue(prop: unknown, root: unknown): { value: unknown } | null {
  if (!isNode(prop)) return null;
  const p = resolveRef(prop, root);
  if ('const' in p) return { value: p.const };
  if (Array.isArray(p.enum) && p.enum.length === 1) return { value: p.enum[0] };
  return null;
}

const propsOf = (b: Node): Node => (isNode(b.properties) ? b.properties : {});
const requiredOf = (b: Node): string[] =>
  Array.isArray(b.required) ? b.required.filter((k): k is string => typeof k === 'string') : [];

/** The property every branch fixes to a different value (`kind: "circle"` / `kind: "square"`). */
function discriminator(branches: Node[], root: unknown): string | null {
  if (branches.length < 2) return null;
  const first = propsOf(branches[0]);
  for (const key of Object.keys(first)) {
    const values = branches.map((b) => fixedValue(propsOf(b)[key], root));
    if (values.some((v) => !v)) continue;
    const distinct = new Set(values.map((v) => JSON.stringify(v!.value)));
    if (distinct.size === branches.length) return key;
  }
  return null;
}

/** A label for a branch that is not an object: its type or its choices. */
function plainLabel(b: Node): string | undefined {
  if (Array.isArray(b.enum)) return `one of: ${b.enum.map(String).join(', ')}`;
  if ('const' in b) return shown(b.const);
  if (typeof b.type === 'string') return b.type === 'null' ? 'none' : b.type;
  return undefined;
}

/**
 * Labels for the options of an anyOf/oneOf, for the picker rjsf draws (it would say "object / object" or
 * "Option 1"): the branch's title, else the value of a discriminator, else the required keys only that
 * branch has ("with radius"), else its $ref name or its type. `undefined` keeps the branch's own title.
 */
export function optionLabels(branches: unknown[], root: unknown): (string | undefined)[] {
  const nodes = branches.map((b) => (isNode(b) ? resolveRef(b, root) : {}));
  const disc = discriminator(nodes, root);
  return branches.map((raw, i) => {
    const b = nodes[i];
    if (typeof b.title === 'string' && b.title) return b.title;
    if (disc) return shown(fixedValue(propsOf(b)[disc], root)!.value);
    const isObject = b.type === 'object' || isNode(b.properties);
    if (isObject) {
      const others = nodes.filter((_, j) => j !== i);
      const own = requiredOf(b).filter((k) => others.every((o) => !requiredOf(o).includes(k)));
      if (own.length) return `with ${own.join(', ')}`;
      const keys = Object.keys(propsOf(b)).filter((k) => others.every((o) => !(k in propsOf(o))));
      if (keys.length) return `with ${keys.join(', ')}`;
    }
    if (isNode(raw) && typeof raw.$ref === 'string') return raw.$ref.split('/').pop();
    return plainLabel(b) ?? (isObject ? 'object' : undefined);
  });
}
