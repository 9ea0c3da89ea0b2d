import { TOOL_NAME_PATTERN, type JsonSchema } from '../../../../shared/domain/tool';

/**
 * Names the model can be given for remote tool names. Names that already fit OpenAI's rule are kept
 * (`get-sum` stays `get-sum`); others get unsafe characters replaced by `_`, are cut to 64 and, on a
 * collision, numbered. Returns remote name -> local name.
 */
export function toolNamesFor(remoteNames: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set(remoteNames.filter((n) => TOOL_NAME_PATTERN.test(n)));
  for (const remote of remoteNames) {
    if (TOOL_NAME_PATTERN.test(remote)) {
      out.set(remote, remote);
      continue;
    }
    const base = (remote.replace(/[^a-zA-Z0-9_-]/g, '_') || 'tool').slice(0, 64);
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base.slice(0, 64 - String(i).length - 1)}_${i}`;
    taken.add(name);
    out.set(remote, name);
  }
  return out;
}

/** Top-level `null` values of properties that are not required are dropped (an LLM's way of saying "unset"). */
export function dropNullOptionals(kwargs: unknown, schema: JsonSchema): unknown {
  if (!kwargs || typeof kwargs !== 'object' || Array.isArray(kwargs)) return kwargs;
  let anyNull = false;
  for (const key in kwargs) if ((kwargs as Record<string, unknown>)[key] === null) anyNull = true;
  if (!anyNull) return kwargs;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(kwargs as Record<string, unknown>)) {
    if (value === null && !required.has(key)) continue;
    out[key] = value;
  }
  return out;
}
