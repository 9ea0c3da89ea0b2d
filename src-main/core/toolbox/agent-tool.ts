import type { z } from 'zod';
import type { ModelFeed } from './model-feed';
import type { ToolSchema } from './schema';

/** What a running tool gets beside its arguments: the signal that cancels it. */
export interface ToolCallContext {
  signal: AbortSignal;
  /** The chat session the call belongs to, when it comes from a persona run (bus calls carry it as OVOS's session). */
  sessionId?: string;
  /** Progress the tool reports while it runs (MCP `notifications/progress`); absent when nobody listens. */
  onProgress?: (progress: ToolProgress) => void;
  /** Stops the call's timeout while the tool waits for the user (an MCP server's dialog); returns the resume. */
  pauseTimeout?: () => () => void;
  /**
   * Calls `listener` once when the call is cancelled or times out (at once when it already was), without making
   * `signal` (on Node 20 a signal and its first listener cost more than the rest of a call); returns the unsubscribe.
   * For a toolbox that hands the abort on to a signal of its own; absent on contexts made elsewhere: use `signal`.
   */
  onAbort?: (listener: (reason: unknown) => void) => () => void;
}

/** One progress report of a running tool: how far, of how much (when known), and what it is doing. */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
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
