type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** Follows a local `#/...` $ref once. */
function resolved(node: Node, root: Node): Node {
  if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return node;
  let cur: unknown = root;
  for (const part of node.$ref.slice(2).split('/')) cur = isNode(cur) ? cur[part] : undefined;
  return isNode(cur) ? cur : node;
}

/**
 * A stored secret's dotted path within its block (`utcp_config.manual_call_templates.0.headers.Authorization`) in
 * the words of the block's form: each step by its title, a list's item by its number, a map's entry by its key
 * ("UTCP config › Manuals 1 › Headers › Authorization"). Keys may hold dots; a step the schema does not describe
 * keeps the rest of the path as it is.
 */
export function secretFieldLabel(schema: unknown, dotted: string): string {
  const root = isNode(schema) ? schema : {};
  const parts: string[] = [];
  let node = resolved(root, root);
  let rest = dotted;
  for (let depth = 0; rest && depth < 32; depth++) {
    const props = isNode(node.properties) ? node.properties : {};
    const key = Object.keys(props)
      .filter((k) => rest === k || rest.startsWith(`${k}.`))
      .sort((a, b) => b.length - a.length)[0];
    if (key !== undefined) {
      const sub = isNode(props[key]) ? resolved(props[key], root) : {};
      parts.push(typeof sub.title === 'string' && sub.title ? sub.title : key);
      rest = rest.slice(key.length + 1);
      node = sub;
      continue;
    }
    const index = /^(\d+)(?:\.|$)/.exec(rest);
    if (index && isNode(node.items) && parts.length) {
      parts[parts.length - 1] = `${parts[parts.length - 1]} ${Number(index[1]) + 1}`;
      rest = rest.slice(index[0].length);
      node = resolved(node.items, root);
      continue;
    }
    parts.push(rest);
    break;
  }
  return parts.join(' › ');
}
