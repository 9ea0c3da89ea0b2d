import type { AgentMessage } from '../../../shared/domain/message';
import type { OpenAITool } from '../../../shared/domain/tool';
import type { RawExchange } from '../../../shared/domain/trace';

/** Options of one brain call. `tools`: the OpenAI tool list the model is offered (ToolRegistry.openaiTools()). */
export interface ChatOptions {
  tools?: OpenAITool[];
  signal?: AbortSignal;
  /** Request parameters that replace the brain's own (requestParameters), from an edited request in the debugger. */
  parameters?: Record<string, unknown>;
}

/** A brain's reply: an AgentMessage, plus the raw provider exchange and warnings for the trace. */
export type BrainMessage = AgentMessage & {
  raw?: RawExchange;
  warnings?: string[];
};

/**
 * OVOS's ChatEngine: a brain the loop engines drive. `supportsTools` = native function calling.
 * Errors: BrainError (brain_unreachable | brain_bad_response) or CancelledError when the signal aborts.
 */
export interface ChatEngine {
  readonly id: string;
  readonly supportsTools: boolean;
  /** The model reads images (a message's `images` reach it as image parts); absent = false: tools' images become notes. */
  readonly vision?: boolean;
  /** The model name, where the brain has one (shown in traces). */
  readonly model: string | null;
  /** The parameters the brain puts in each request beside messages and tools (e.g. model, temperature). */
  requestParameters?(): Record<string, unknown>;
  continueChat(messages: AgentMessage[], options?: ChatOptions): Promise<BrainMessage>;
  /** Streams the answer's text deltas; the generator's return value is the whole reply. */
  streamChat(messages: AgentMessage[], options?: ChatOptions): AsyncGenerator<string, BrainMessage, void>;
}
