import type { AgentMessage } from '../../../shared/domain/message';
import { SHORT_TERM_MEMORY_ID, type ShortTermMemoryConfig } from '../../../shared/plugins/memory';
import type { MemoryModule } from './memory-module';

/**
 * The session's history as OVOS's BasicShortTermMemory holds it after each turn's `update_history`: a user message
 * left without an answer is dropped when the next one comes, consecutive answers merge (joined by a newline), and
 * only the last `max_history` messages stay.
 */
export function shortTermHistory(turns: AgentMessage[], maxHistory: number): AgentMessage[] {
  let kept: AgentMessage[] = [];
  for (const message of turns) {
    const last = kept[kept.length - 1];
    let next = { role: message.role, content: message.content } as AgentMessage;
    if (last && next.role === 'user' && last.role === 'user') kept.pop();
    if (last && next.role === 'assistant' && last.role === 'assistant') {
      next = { role: 'assistant', content: `${last.content}\n${next.content}` };
      kept.pop();
    }
    kept.push(next);
    if (kept.length > maxHistory) kept = maxHistory ? kept.slice(-maxHistory) : [];
  }
  return kept;
}

/** OVOS's default memory: the last `max_history` messages, after its `system_prompt` when set; a trailing unanswered user message is dropped. */
export function shortTermMemory(config: ShortTermMemoryConfig): MemoryModule {
  return {
    id: SHORT_TERM_MEMORY_ID,
    async buildContext(turns, utterance) {
      // A run that ended without an answer left its user message unanswered: OVOS never stores it.
      let end = turns.length;
      while (end && turns[end - 1].role === 'user') end--;
      const history = shortTermHistory(turns.slice(0, end), config.max_history);
      const system = config.system_prompt.trim() || null;
      return {
        messages: [
          ...(system ? [{ role: 'system' as const, content: system }] : []),
          ...history,
          { role: 'user', content: utterance.trim() },
        ],
        system,
        history,
        dropped: turns.length - history.length,
        warning: null,
      };
    },
  };
}
