import type { UiSchema } from '@rjsf/utils';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);
const PRIMITIVE = new Set(['string', 'number', 'integer', 'boolean']);

function resolve(node: Node, root: Node): Node {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let cur: unknown = root;
  for (const part of ref.slice(2).split('/')) cur = isNode(cur) ? cur[decodeURIComponent(part)] : undefined;
  return isNode(cur) ? cur : node;
}

/**
 * A uiSchema mirroring a tool schema: an anyOf/oneOf option that is a plain value gets no second label
 * (the option picker above it already names it).
 */
export function uiSchemaFor(schema: unknown, root: unknown = schema, depth = 0): UiSchema {
  if (!isNode(schema) || !isNode(root) || depth > 24) return {};
  const node = resolve(schema, root);
  const ui: UiSchema = {};
  if (isNode(node.properties)) {
    for (const [k, v] of Object.entries(node.properties)) {
      const sub = uiSchemaFor(v, root, depth + 1);
      if (Object.keys(sub).length) ui[k] = sub;
    }
  }
  if (isNode(node.items)) {
    const sub = uiSchemaFor(node.items, root, depth + 1);
    if (Object.keys(sub).length) ui.items = sub;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    ui[key] = branches.map((b) => {
      const r = isNode(b) ? resolve(b, root) : {};
      const plain = (typeof r.type === 'string' && PRIMITIVE.has(r.type)) || Array.isArray(r.enum);
      return plain ? { 'ui:label': false } : uiSchemaFor(r, root, depth + 1);
    });
  }
  return ui;
}
