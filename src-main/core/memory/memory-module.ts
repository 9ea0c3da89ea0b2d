import type { AgentMessage } from '../../../shared/domain/message';

/** What memory put into a request: the messages for the handler, and the trace's account of them. */
export interface MemoryContextResult {
  /** The conversation the engine gets: memory's system context, the history it kept, the user's message last. */
  messages: AgentMessage[];
  system: string | null;
  history: AgentMessage[];
  /** Earlier messages of the session memory left out. */
  dropped: number;
  warning: string | null;
}

/**
 * OVOS's AgentContextManager as this app runs it: the session's earlier turns (user messages and answers, from
 * the trace) and the new utterance -> the conversation for the handler (`build_conversation_context`).
 */
export interface MemoryModule {
  /** The plugin id, or null for `memory_module: null`. */
  readonly id: string | null;
  buildContext(history: AgentMessage[], utterance: string): Promise<MemoryContextResult>;
}

/** `memory_module: null` (or a module that is not available): the handler gets only the new user message. */
export function noMemory(warning: string | null = null): MemoryModule {
  return {
    id: null,
    async buildContext(history, utterance) {
      return {
        messages: [{ role: 'user', content: utterance }],
        system: null,
        history: [],
        dropped: history.length,
        warning,
      };
    },
  };
}
