import { z } from 'zod';

/**
 * One item of an MCP `resources/read` answer, as the server sent it: a text resource (`text`) or a binary one
 * (`blob`, base64). The window shows it with the same views as a tool result's embedded resource.
 */
export const ResourceContents = z.object({
  uri: z.string(),
  mimeType: z.string().optional(),
  text: z.string().optional(),
  blob: z.string().optional(),
});
export type ResourceContents = z.infer<typeof ResourceContents>;

/** Longest resource URI a window may ask a server to read. */
export const MAX_RESOURCE_URI = 4096;
