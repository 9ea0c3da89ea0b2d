import { z } from 'zod';

/** OVOS MessageRole. */
export const Role = z.enum(['system', 'developer', 'user', 'assistant', 'tool']);
export type Role = z.infer<typeof Role>;

/** A tool call requested by the model; arguments already parsed. */
export const ToolCall = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  /** The model's arguments text when it was not a JSON object (`arguments` is then {}); such a call is not run. */
  rawArguments: z.string().optional(),
});
export type ToolCall = z.infer<typeof ToolCall>;

/** OVOS AgentMessage, camelCase in our APIs. */
export const AgentMessage = z.object({
  role: Role,
  content: z.string(),
  toolCalls: z.array(ToolCall).optional(),
  toolCallId: z.string().optional(),
  name: z.string().optional(),
});
export type AgentMessage = z.infer<typeof AgentMessage>;
