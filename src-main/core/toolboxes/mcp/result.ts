import type { JsonSchema } from '../../../../shared/domain/tool';

/**
 * What an MCP tool call returns to the loop: the text blocks joined with "\n", the server's error flag,
 * its structuredContent (null when none) and every content block as it came.
 * An MCP result with `isError` stays a result with `is_error: true`: the model reads the server's message
 * and can correct itself, as with OVOS's adapter; protocol and transport failures are tool errors instead.
 */
export interface MCPToolResult {
  content: string;
  is_error: boolean;
  structured: unknown;
  raw: unknown[];
  [key: string]: unknown;
}

type Block = { type?: unknown; text?: unknown };

/** An MCP CallToolResult (or a legacy `{toolResult}`) as our result object. */
export function mapMCPResult(result: Record<string, unknown>): MCPToolResult {
  const raw = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  let content = '';
  let texts = 0;
  for (const b of raw) {
    if (!b || typeof b !== 'object' || (b as Block).type !== 'text' || typeof (b as Block).text !== 'string') continue;
    content += (texts++ ? '\n' : '') + ((b as Block).text as string);
  }
  const structured = result.structuredContent ?? ('toolResult' in result ? result.toolResult : null) ?? null;
  return { content, is_error: result.isError === true, structured, raw };
}

/**
 * The output schema of an MCP tool: the result object above. When the tool declares an outputSchema it
 * becomes the schema of `structured` (or null, for error results); its `$defs`/`definitions` are lifted
 * to the root so its `#/...` references still resolve.
 */
export function mcpOutputSchema(toolOutputSchema?: JsonSchema): JsonSchema {
  let structured: JsonSchema = { description: "The tool's structuredContent, or null." };
  const root: JsonSchema = {};
  if (toolOutputSchema && Object.keys(toolOutputSchema).length > 0) {
    const { $schema: _ignored, $defs, definitions, ...rest } = toolOutputSchema;
    if ($defs) root.$defs = $defs;
    if (definitions) root.definitions = definitions;
    structured = {
      anyOf: [rest, { type: 'null' }],
      description: "The tool's structuredContent (its declared outputSchema), or null on an error result.",
    };
  }
  return {
    title: 'MCPToolResult',
    type: 'object',
    properties: {
      content: { type: 'string', description: 'The text blocks of the result, joined with newlines.' },
      is_error: {
        type: 'boolean',
        description: 'True when the server reported the call as failed (its message is in content).',
      },
      structured,
      raw: {
        type: 'array',
        items: { type: 'object' },
        description: 'Every content block as the server sent it (text, image, resource, ...).',
      },
    },
    required: ['content', 'is_error', 'structured', 'raw'],
    ...root,
  };
}
