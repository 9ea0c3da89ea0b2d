type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

function typeOfConst(v: unknown): string | undefined {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (v === null) return 'null';
  return undefined;
}

/** A title for an anyOf/oneOf option rjsf would call "Option 1": its type, its choices. */
function optionTitle(branch: Node): string | undefined {
  if (typeof branch.title === 'string') return undefined;
  if (Array.isArray(branch.enum)) return `one of: ${branch.enum.map(String).join(', ')}`;
  if (typeof branch.type === 'string') return branch.type === 'null' ? 'none' : branch.type;
  if (typeof branch.$ref === 'string') return branch.$ref.split('/').pop();
  return undefined;
}

/**
 * Makes a tool's JSON Schema friendlier to rjsf without changing what it accepts: a oneOf/anyOf of
 * consts becomes an enum (rjsf cannot render it otherwise), and options without a title get one.
 */
export function prepareSchema<T>(schema: T): T {
  const walk = (node: unknown, depth: number): unknown => {
    if (depth > 64) return node;
    if (Array.isArray(node)) return node.map((n) => walk(n, depth + 1));
    if (!isNode(node)) return node;
    const out: Node = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v, depth + 1);
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = out[key];
      if (!Array.isArray(branches) || !branches.length) continue;
      if (branches.every((b) => isNode(b) && 'const' in b)) {
        const values = branches.map((b) => (b as Node).const);
        const types = [...new Set(values.map(typeOfConst))];
        delete out[key];
        out.enum = values;
        if (types.length === 1 && types[0] && out.type === undefined) out.type = types[0];
        const names = branches.map((b) => (b as Node).title);
        if (names.every((n) => typeof n === 'string')) out['enumNames'] = names;
      } else {
        out[key] = branches.map((b) => {
          if (!isNode(b)) return b;
          const title = optionTitle(b);
          return title ? { ...b, title } : b;
        });
      }
    }
    return out;
  };
  return walk(schema, 0) as T;
}
