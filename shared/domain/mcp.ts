import { z } from 'zod';
import { ResourceContents } from './resource';
import { JsonSchema } from './tool';

/**
 * MCP's own shapes beyond tools (resources, prompts, log messages, requests from the server), as the MCP spec
 * names them: the Tools pane shows them, the API carries them. Unknown fields a server adds are kept.
 */

/** What MCP names each listed thing by (its BaseMetadata: name and display title), with the description each has. */
const named = {
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
};

/** A resource a server lists (`resources/list`). */
export const McpResource = z.looseObject({
  uri: z.string(),
  ...named,
  mimeType: z.string().optional(),
  size: z.number().optional(),
});
export type McpResource = z.infer<typeof McpResource>;

/** A resource template (`resources/templates/list`): an RFC 6570 URI template whose variables the user fills. */
export const McpResourceTemplate = z.looseObject({
  uriTemplate: z.string(),
  ...named,
  mimeType: z.string().optional(),
});
export type McpResourceTemplate = z.infer<typeof McpResourceTemplate>;

/** One content item of `resources/read` (text, or a base64 blob), with the fields a server adds kept. */
export const McpResourceContents = ResourceContents.loose();
export type McpResourceContents = z.infer<typeof McpResourceContents>;

/** A prompt a server offers (`prompts/list`) with its named arguments. */
export const McpPrompt = z.looseObject({
  ...named,
  arguments: z.array(z.looseObject({ ...named, required: z.boolean().optional() })).optional(),
});
export type McpPrompt = z.infer<typeof McpPrompt>;

/** One message of `prompts/get`: a role and one content block (text, image, audio, resource...). */
export const McpPromptMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.looseObject({ type: z.string() }),
});
export type McpPromptMessage = z.infer<typeof McpPromptMessage>;

/** MCP's syslog levels, lowest first. */
export const McpLogLevel = z.enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
export type McpLogLevel = z.infer<typeof McpLogLevel>;

/**
 * One entry of a server's log panel: a `notifications/message` (kind `log`, with its level and logger), or
 * another notification the server sent (kind `notification`, with its method), as it came.
 */
export const McpLogEntry = z.object({
  seq: z.number().int(),
  at: z.number(),
  kind: z.enum(['log', 'notification']),
  level: McpLogLevel.nullable(),
  logger: z.string().nullable(),
  method: z.string(),
  data: z.unknown(),
});
export type McpLogEntry = z.infer<typeof McpLogEntry>;

/** A `notifications/progress` of a running call. */
export const McpProgress = z.object({
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().optional(),
});
export type McpProgress = z.infer<typeof McpProgress>;

/** A request from an MCP server that waits for the user: `elicitation/create` or `sampling/createMessage`. */
export const McpPendingRequest = z.object({
  requestId: z.string(),
  personaId: z.string().nullable(),
  toolboxId: z.string(),
  /** How the server is named (its command line or URL). */
  server: z.string(),
  at: z.number(),
  kind: z.enum(['elicitation', 'sampling']),
  /** Elicitation: the server's message; sampling: a one-line summary. */
  message: z.string(),
  /** Elicitation: the JSON Schema of what is asked (flat object of primitives, per the MCP spec). */
  requestedSchema: JsonSchema.optional(),
  /** Sampling: the request's params as the server sent them (messages, systemPrompt, maxTokens...). */
  sampling: z.record(z.string(), z.unknown()).optional(),
});
export type McpPendingRequest = z.infer<typeof McpPendingRequest>;

/** The user's answer to a pending request; sampling knows accept (the brain answers) and decline. */
export const McpResponse = z.object({
  action: z.enum(['accept', 'decline', 'cancel']),
  /** Elicitation accept: the values entered, checked against the requested schema. */
  content: z.record(z.string(), z.unknown()).optional(),
});
export type McpResponse = z.infer<typeof McpResponse>;
