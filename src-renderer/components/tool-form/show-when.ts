import type { UiSchema } from '@rjsf/utils';
import { isNode, type Node } from './schema-node';

/** The schema annotation: `"x-show-when": {"transport": ["http", "sse"]}` shows a property only for those values. */
export const SHOW_WHEN = 'x-show-when';

const HIDDEN = 'is-hidden';

function shownFor(cond: unknown, props: Node, data: Node): boolean {
  if (!isNode(cond)) return true;
  return Object.entries(cond).every(([key, allowed]) => {
    const sibling = props[key];
    const value = data[key] !== undefined ? data[key] : isNode(sibling) ? sibling.default : undefined;
    return Array.isArray(allowed) ? allowed.includes(value) : allowed === value;
  });
}

/**
 * Hides the properties whose `x-show-when` does not hold for the values beside them (an MCP config shows the
 * stdio fields or the HTTP ones, by its transport), and `deprecated` ones that have no value. Hidden fields keep
 * their values; only the form changes.
 */
export function withShowWhen(ui: UiSchema, schema: unknown, data: unknown, depth = 0): UiSchema {
  if (!isNode(schema) || !isNode(schema.properties) || depth > 16) return ui;
  const props = schema.properties;
  const values = isNode(data) ? data : {};
  let out = ui;
  for (const [key, sub] of Object.entries(props)) {
    if (!isNode(sub)) continue;
    let field = (ui[key] ?? {}) as UiSchema;
    const hidden =
      (SHOW_WHEN in sub && !shownFor(sub[SHOW_WHEN], props, values)) ||
      // A deprecated field (an older key still read) is shown only to a config that has it.
      (sub.deprecated === true && values[key] === undefined);
    if (hidden) field = { ...field, 'ui:classNames': HIDDEN };
    field = withShowWhen(field, sub, values[key], depth + 1);
    if (field !== ui[key] && Object.keys(field).length) out = { ...out, [key]: field };
  }
  return out;
}
