import type { UiSchema } from '@rjsf/utils';
import { isNode, resolveRef, shown, type Node } from './schema-node';

const PRIMITIVE = new Set(['string', 'number', 'integer', 'boolean']);
const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The widgets this form adds to rjsf's (see tool-widgets.tsx). */
export const WIDGET = { const: 'ToolConst', boolean: 'ToolBoolean', text: 'ToolText' } as const;

/** Widget and hints for one value: a const is fixed, a boolean a clear choice, free text grows; defaults are shown. */
function valueUi(node: Node, required: boolean): UiSchema {
  const ui: UiSchema = {};
  if ('const' in node) {
    if (isPrimitive(node.const)) ui['ui:widget'] = WIDGET.const;
    return ui;
  }
  if (node.type === 'boolean' && !Array.isArray(node.enum)) ui['ui:widget'] = WIDGET.boolean;
  else if (node.type === 'string' && !Array.isArray(node.enum) && node.format === undefined)
    ui['ui:widget'] = WIDGET.text;
  if ('default' in node && isPrimitive(node.default) && node.type !== 'boolean') {
    const value = shown(node.default);
    if (!Array.isArray(node.enum)) ui['ui:placeholder'] = value;
    ui['ui:help'] = required
      ? `Default: ${value} (filled in, and sent).`
      : `Default: ${value}. Left empty, it is not sent and the default applies.`;
  }
  return ui;
}

const merge = (...parts: UiSchema[]): UiSchema => Object.assign({}, ...parts);

/**
 * An object that declares its fields and lets any other key through untyped (`additionalProperties: true` or
 * `{}`, as a zod looseObject): the form offers no "add" for the others, as it would have no type to give them
 * (they are kept, and Edit JSON or raw JSON writes them).
 */
function passesOtherKeys(node: Node): boolean {
  const extra = node.additionalProperties;
  const untyped = extra === true || (isNode(extra) && Object.keys(extra).length === 0);
  return untyped && isNode(node.properties) && Object.keys(node.properties).length > 0;
}

/**
 * A uiSchema mirroring a (prepared) tool schema: consts shown as fixed values, booleans as "not sent / true /
 * false", free text in growing text areas, defaults as placeholders with a hint; an optional tuple starts empty
 * with an "add" control; a list's "add" control names the list (`addTo`: its title, else its property's name), and
 * an object's untyped other keys get none (`passesOtherKeys`); an
 * anyOf/oneOf option that is a plain value or "none" gets no second label (the picker names it).
 */
export function uiSchemaFor(
  schema: unknown,
  root: unknown = schema,
  depth = 0,
  required = true,
  name?: string,
): UiSchema {
  if (!isNode(schema) || !isNode(root) || depth > 24) return {};
  const node = resolveRef(schema, root);
  const ui: UiSchema = valueUi(node, required);
  const grows = node.items !== undefined || node.additionalProperties === true || isNode(node.additionalProperties);
  const label = typeof node.title === 'string' && node.title ? node.title : name;
  if (passesOtherKeys(node)) ui['ui:options'] = { expandable: false };
  else if (grows && label) ui['ui:options'] = { addTo: label };
  if (isNode(node.properties)) {
    const req = Array.isArray(node.required) ? node.required : [];
    for (const [k, v] of Object.entries(node.properties)) {
      const sub = uiSchemaFor(v, root, depth + 1, req.includes(k), k);
      if (Object.keys(sub).length) ui[k] = sub;
    }
  }
  if (isNode(node.additionalProperties)) {
    const sub = uiSchemaFor(node.additionalProperties, root, depth + 1, true);
    if (Object.keys(sub).length) ui.additionalProperties = sub;
  }
  if (isNode(node.items)) {
    const sub = uiSchemaFor(node.items, root, depth + 1, true);
    if (Object.keys(sub).length) ui.items = sub;
  } else if (Array.isArray(node.items)) {
    // rjsf reads a fixed array's uiSchema.items per position.
    ui.items = node.items.map((it) => uiSchemaFor(it, root, depth + 1, true)) as unknown as UiSchema;
    if (isNode(node.additionalItems)) ui.additionalItems = uiSchemaFor(node.additionalItems, root, depth + 1, true);
    if (!required) ui['ui:enableOptionalDataFieldForType'] = ['array'];
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    ui[key] = branches.map((b) => {
      const r = isNode(b) ? resolveRef(b, root) : {};
      // "none" (written `type: ["null"]`, see prepare-schema.ts) has no input: its label alone would hang there.
      const none = r.type === 'null' || (Array.isArray(r.type) && r.type.length === 1 && r.type[0] === 'null');
      const plain = (typeof r.type === 'string' && PRIMITIVE.has(r.type)) || Array.isArray(r.enum) || none;
      const sub = uiSchemaFor(r, root, depth + 1, required);
      return plain ? merge({ 'ui:label': false }, sub) : sub;
    });
  }
  return ui;
}
