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

/**
 * An image a message carries beside its text (base64 `data`, no `data:` prefix): a tool's image result fed to a
 * brain that accepts images (`vision`). `label` says where it comes from (sent as a text part before it).
 */
export const ImagePart = z.object({
  mimeType: z.string(),
  data: z.string(),
  label: z.string().optional(),
});
export type ImagePart = z.infer<typeof ImagePart>;

/** OVOS AgentMessage, camelCase in our APIs. */
export const AgentMessage = z.object({
  role: Role,
  content: z.string(),
  toolCalls: z.array(ToolCall).optional(),
  toolCallId: z.string().optional(),
  name: z.string().optional(),
  /** Images after the text (user messages only); a brain sends them as image parts in its provider's format. */
  images: z.array(ImagePart).optional(),
});
export type AgentMessage = z.infer<typeof AgentMessage>;
