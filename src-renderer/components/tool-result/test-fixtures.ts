import type { JsonSchema } from '../../../shared/domain/tool';

/** A 1x1 PNG (80 bytes), base64. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAF0lEQVR42mP8z8DwnwEFMDIyMjAwMAAAXHcF/3xzKycAAAAASUVORK5CYII=';

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
