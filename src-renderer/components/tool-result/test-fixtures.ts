import type { JsonSchema } from '../../../shared/domain/tool';

/** A 1x1 PNG (80 bytes), base64. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAF0lEQVR42mP8z8DwnwEFMDIyMjAwMAAAXHcF/3xzKycAAAAASUVORK5CYII=';

/** An MCP tool's result as main gives it: `raw` the server's content blocks, `content` their text; `extra` overrides. */
export function mcpResult(raw: unknown[], extra: Record<string, unknown> = {}) {
  return {
    content: raw
      .filter((b) => (b as { type: string }).type === 'text')
      .map((b) => (b as { text: string }).text)
      .join('\n'),
    is_error: false,
    structured: null,
    raw,
    ...extra,
  };
}

/** The result schema main gives an MCP tool (see mcpOutputSchema in core), with this declared outputSchema. */
export function mcpOutputSchemaFixture(declared?: JsonSchema): JsonSchema {
  return {
    title: 'MCPToolResult',
    type: 'object',
    properties: {
      content: { type: 'string' },
      is_error: { type: 'boolean' },
      structured: declared ? { anyOf: [declared, { type: 'null' }] } : { description: 'or null' },
      raw: { type: 'array', items: { type: 'object' } },
    },
    required: ['content', 'is_error', 'structured', 'raw'],
  };
}
