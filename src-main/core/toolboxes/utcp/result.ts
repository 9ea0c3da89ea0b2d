import type { JsonSchema } from '../../../../shared/domain/tool';

/** A UTCP result as a tool result: a string -> `{content}`, an object kept whole, anything else -> `{result}`. */
export function mapUTCPResult(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return { content: value };
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  return { result: value ?? null };
}

/** The output schema matching mapUTCPResult for the tool's declared `outputs`. */
export function utcpOutputSchema(outputs: JsonSchema | undefined): JsonSchema {
  const declared = outputs ?? {};
  const types = ([] as unknown[]).concat(declared.type ?? []);
  if (types.includes('object') || (types.length === 0 && declared.properties)) return declared;
  if (types.length === 1 && types[0] === 'string') {
    return { type: 'object', properties: { content: { ...declared } }, required: ['content'] };
  }
  if (types.length === 0 && Object.keys(declared).filter((k) => k !== 'description' && k !== 'title').length === 0) {
    return {
      type: 'object',
      description: declared.description ?? 'The tool result (a text answer comes as {content}).',
    };
  }
  return { type: 'object', properties: { result: declared }, required: ['result'] };
}

/** UTCP names are `<manual>.<tool>`; the model gets `<tool>` (or `<manual>__<tool>` when manuals share a tool name). */
export function localCandidates(utcpNames: string[]): string[] {
  const split = utcpNames.map((n) => {
    const dot = n.indexOf('.');
    return dot < 0 ? { manual: '', tool: n } : { manual: n.slice(0, dot), tool: n.slice(dot + 1) };
  });
  const count = new Map<string, number>();
  for (const { tool } of split) count.set(tool, (count.get(tool) ?? 0) + 1);
  return split.map(({ manual, tool }) => (count.get(tool)! > 1 && manual ? `${manual}__${tool}` : tool));
}
