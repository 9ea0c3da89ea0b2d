import type { TraceEvent } from './trace';

type MemoryEvent = Extract<TraceEvent, { type: 'memory_context' }>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line saying what memory put into the request, for the chat pane and the CLI. */
export function memorySummary(event: MemoryEvent): string {
  if (!event.module) return 'Memory: none, only your message is sent';
  const parts = [`${plural(event.history.length, 'earlier message')} sent`];
  if (event.dropped) parts.push(`${event.dropped} left out`);
  if (event.system) parts.push('a system context');
  return `Memory: ${event.module} (${parts.join(', ')})`;
}
