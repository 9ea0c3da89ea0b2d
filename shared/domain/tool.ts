import { z } from 'zod';
import { ErrorValue } from './errors';

/** OpenAI's function-name rule: the hard limit for every tool name the model sees. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** A JSON Schema document, kept as plain JSON. */
export const JsonSchema = z.record(z.string(), z.unknown());
export type JsonSchema = z.infer<typeof JsonSchema>;

/** One entry of OVOS's `tool_json_list` (snake_case on the wire). */
export const ToolJson = z.object({
  name: z.string(),
  description: z.string(),
  argument_schema: JsonSchema,
  output_schema: JsonSchema,
});
export type ToolJson = z.infer<typeof ToolJson>;

/** OpenAI's tool spec: `{"type":"function","function":{name, description, parameters}}`. */
export const OpenAITool = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string(),
    description: z.string().optional(),
    parameters: JsonSchema.optional(),
  }),
});
export type OpenAITool = z.infer<typeof OpenAITool>;

/** Where a toolbox's tools come from. */
export const ToolboxSource = z.enum(['builtin', 'plugin', 'mcp', 'utcp', 'bus']);
export type ToolboxSource = z.infer<typeof ToolboxSource>;

/** A tool as the UI lists it: its JSON, the name the model sees, and the exact OpenAI spec sent. */
export const ToolInfo = ToolJson.extend({
  toolboxId: z.string(),
  /** The name the model is given (`<toolbox>__<tool>` on a clash across a persona's toolboxes). */
  modelName: z.string(),
  /** Why modelName differs from name, when it does. */
  renamedBecause: z.string().optional(),
  /** Why the tool cannot run here; it is then left out of the tools the model is sent. */
  unavailable: z.string().optional(),
  /** Turned off in the persona (`persona_studio.tools.disabled`): not sent to the model, not served over MCP. */
  disabled: z.boolean().optional(),
  openai: OpenAITool,
});
export type ToolInfo = z.infer<typeof ToolInfo>;

/** A loaded toolbox instance: its tools, its config schema, and a discovery error if any. */
export const ToolboxInfo = z.object({
  toolboxId: z.string(),
  title: z.string(),
  description: z.string(),
  source: ToolboxSource,
  configSchema: JsonSchema,
  config: z.record(z.string(), z.unknown()),
  tools: z.array(ToolInfo),
  error: ErrorValue.nullable(),
});
export type ToolboxInfo = z.infer<typeof ToolboxInfo>;
