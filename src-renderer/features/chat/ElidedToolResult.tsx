import type { ToolRow } from '../../lib/trace-rows';
import { currentEvents } from '../../store/chat-selectors';
import { useApp } from '../../store/context';
import { ElidedNote } from './ElidedNote';

/** The Load button for a TOOL card whose result was too large to send at once: it loads the whole tool_result event. */
export function ElidedToolResult({ row }: { row: ToolRow }) {
  const event = useApp((s) =>
    currentEvents(s).find((e) => e.type === 'tool_result' && e.runId === row.runId && e.toolCallId === row.toolCallId),
  );
  return event ? <ElidedNote event={event} /> : null;
}
