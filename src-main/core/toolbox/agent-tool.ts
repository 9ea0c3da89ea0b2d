import type { z } from 'zod';
import type { ModelFeed } from './model-feed';
import type { ToolSchema } from './schema';

/** What a running tool gets beside its arguments: the signal that cancels it. */
export interface ToolCallContext {
  signal: AbortSignal;
  /** The chat session the call belongs to, when it comes from a persona run (bus calls carry it as OVOS's session). */
  sessionId?: string;
}

/** OVOS's AgentTool: one executable function and its contract. */
export interface AgentTool {
  name: string;
  description: string;
  argumentSchema: ToolSchema;
  outputSchema: ToolSchema;
  toolCall: (args: Record<string, unknown>, ctx: ToolCallContext) => unknown;
  /** Why the tool cannot run here (e.g. it needs MCP tasks); such a tool is listed but never offered to the model. */
  unavailable?: string;
  /**
   * The output is plain JSON already checked against `outputSchema` by the protocol client that parsed it (MCP:
   * the SDK validates structuredContent against the tool's outputSchema): the call skips a second validation
   * and the JSON-safe conversion.
   */
  checkedJsonOutput?: boolean;
  /**
   * What the model is fed of a result holding media (MCP content blocks: text, images, audio, resources); null, or
   * no modelFeed, feeds the result as its JSON.
   */
  modelFeed?: (result: unknown) => ModelFeed | null;
}

/** Defines a tool with zod schemas, typing toolCall's arguments and return from them. */
export function defineTool<A extends z.ZodObject, O extends z.ZodObject>(tool: {
  name: string;
  description: string;
  argumentSchema: A;
  outputSchema: O;
  toolCall: (args: z.output<A>, ctx: ToolCallContext) => z.input<O> | Promise<z.input<O>>;
}): AgentTool {
  return tool as unknown as AgentTool;
}
