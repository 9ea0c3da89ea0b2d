import type { McpPrompt } from './mcp';
import type { JsonSchema } from './tool';

/** A form's schema for a resource template: one required text field per URI-template variable. */
export function templateSchema(variables: string[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(variables.map((v) => [v, { type: 'string', title: v }])),
    required: variables,
    additionalProperties: false,
  };
}

/** A form's schema for a prompt's arguments: text fields (MCP prompt arguments are strings), required as declared. */
export function promptSchema(prompt: McpPrompt): JsonSchema {
  const args = prompt.arguments ?? [];
  return {
    type: 'object',
    properties: Object.fromEntries(
      args.map((a) => [
        a.name,
        { type: 'string', title: a.title ?? a.name, ...(a.description ? { description: a.description } : {}) },
      ]),
    ),
    required: args.filter((a) => a.required).map((a) => a.name),
    additionalProperties: false,
  };
}
