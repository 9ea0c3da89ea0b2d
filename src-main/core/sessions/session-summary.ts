import type { AgentMessage } from '../../../shared/domain/message';
import { exhaustive } from '../../../shared/domain/exhaustive';
import type { TraceEvent } from '../../../shared/domain/trace';
import type { SessionSummary } from '../../../shared/ipc/contract';

const TITLE_MAX = 60;

/** A session's summary from its events: persona from the first run, title from the first user message. */
export function summarize(sessionId: string, events: TraceEvent[], fallbackTime: number): SessionSummary {
  const firstRun = events.find((e) => e.type === 'run_started');
  const firstUser = events.find((e) => e.type === 'user_message');
  const lastRun = events.findLast((e) => e.type === 'run_started');
  const text = firstUser?.content.replace(/\s+/g, ' ').trim() ?? '';
  return {
    sessionId,
    personaId: firstRun?.personaId ?? null,
    personaName: firstRun?.personaName ?? '',
    title: text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text || '(empty session)',
    startedAt: events[0]?.at ?? fallbackTime,
    updatedAt: events.at(-1)?.at ?? fallbackTime,
    runs: events.filter((e) => e.type === 'run_started').length,
    ...(lastRun?.personaVersion ? { personaVersion: lastRun.personaVersion } : {}),
  };
}

/**
 * The conversation so far, to continue it: per run, the user message and (when the run finished) its answer.
 * Tool exchanges stay in the trace but are not replayed: like OVOS's short-term memory, the next turn sees
 * utterance / answer pairs, and a cancelled run never leaves a dangling tool call.
 */
export function historyFromEvents(events: TraceEvent[]): AgentMessage[] {
  const history: AgentMessage[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'user_message':
        history.push({ role: 'user', content: event.content });
        break;
      case 'run_finished':
        history.push({ role: 'assistant', content: event.answer });
        break;
      case 'run_started':
      case 'assistant_message':
      case 'tool_started':
      case 'tool_result':
      case 'tool_error':
      case 'answer_delta':
      case 'run_failed':
      case 'run_cancelled':
      case 'memory_context':
      case 'span_started':
      case 'span_finished':
      case 'loop_notice':
        break;
      default:
        exhaustive(event);
    }
  }
  return history;
}
