import { memo } from 'react';
import { iterationLabel, type TraceRow } from '../../lib/trace-rows';
import { AssistantCard } from './AssistantCard';
import { ToolCard } from './ToolCard';
import { EndCard } from './EndCard';
import { SpanCard } from './SpanCard';
import { ModelRequestEditor } from './ModelRequestEditor';
import { RequestMarks } from './DebugMarks';
import { MemoryRow } from './MemoryRow';
import { ForkButton } from './ForkButton';
import type { ForkRequest } from '../../store/time-travel-slice';
import { MarkdownText } from '../../components/MarkdownText';

export interface RowUi {
  collapsed: (key: string) => boolean;
  rawOpen: (key: string) => boolean;
  toggleCollapsed(key: string): void;
  toggleRaw(key: string): void;
  openTool(row: Extract<TraceRow, { kind: 'tool' }>): void;
  /** "Fork from here" on a recorded step (user message, assistant turn, TOOL card); absent: no fork buttons. */
  fork?(request: ForkRequest): void;
}

const assistantFork = (e: Extract<TraceRow, { kind: 'assistant' }>['event']): ForkRequest => ({
  kind: 'assistant',
  runId: e.runId,
  seq: e.seq,
  content: e.content,
  toolCalls: e.toolCalls,
});

const toolFork = (row: Extract<TraceRow, { kind: 'tool' }>): ForkRequest => ({
  kind: 'tool',
  runId: row.runId,
  toolCallId: row.toolCallId,
  name: row.name,
  toolboxId: row.toolboxId,
  result:
    row.status === 'ok' && row.result && typeof row.result === 'object' && !Array.isArray(row.result)
      ? (row.result as Record<string, unknown>)
      : row.status === 'ok'
        ? { result: row.result }
        : {},
});

/** One trace row, whichever kind. */
export const TraceRowView = memo(function TraceRowView({ row, ui }: { row: TraceRow; ui: RowUi }) {
  switch (row.kind) {
    case 'user':
      return (
        <div className="msg user" data-testid="trace-user">
          <div className="who">
            You
            <span className="spacer" />
            {ui.fork && (
              <ForkButton onClick={() => ui.fork!({ kind: 'user', runId: row.runId, content: row.content })} />
            )}
          </div>
          <div className="text">{row.content}</div>
        </div>
      );
    case 'memory':
      return <MemoryRow event={row.event} open={ui.rawOpen(row.key)} onToggle={() => ui.toggleRaw(row.key)} />;
    case 'iteration':
      return (
        <div className="iter" data-testid="trace-iteration">
          {iterationLabel(row.iteration, row.max)}
        </div>
      );
    case 'assistant':
      return (
        <AssistantCard
          event={row.event}
          rawOpen={ui.rawOpen(row.key)}
          onToggleRaw={() => ui.toggleRaw(row.key)}
          {...(ui.fork ? { onFork: () => ui.fork!(assistantFork(row.event)) } : {})}
        />
      );
    case 'tool':
      return (
        <ToolCard
          row={row}
          collapsed={ui.collapsed(row.key)}
          onToggle={() => ui.toggleCollapsed(row.key)}
          onOpen={() => ui.openTool(row)}
          {...(ui.fork && (row.status === 'ok' || row.status === 'error')
            ? { onFork: () => ui.fork!(toolFork(row)) }
            : {})}
        />
      );
    case 'answer':
      return (
        <div className="msg answer" data-testid="trace-answer" data-streaming={row.streaming}>
          <div className="who">
            Answer
            {row.event && <span className="badge">{Math.round(row.event.durationMs)} ms</span>}
            {row.event && <RequestMarks event={row.event} />}
            <span className="spacer" />
            {ui.fork && row.event && !row.streaming && (
              <ForkButton onClick={() => ui.fork!(assistantFork(row.event!))} />
            )}
            {row.event?.raw && (
              <button className="small ghost" onClick={() => ui.toggleRaw(row.key)} aria-expanded={ui.rawOpen(row.key)}>
                {ui.rawOpen(row.key) ? 'Hide raw' : 'Raw request/response'}
              </button>
            )}
          </div>
          {row.event?.warnings.map((w) => (
            <div key={w} className="notice warn small" role="note" data-testid="trace-answer-warning">
              {w}
            </div>
          ))}
          <div className="text markdown" data-testid="answer-text">
            <MarkdownText text={row.text} />
            {row.streaming && <span className="caret" />}
          </div>
          {row.event?.raw && ui.rawOpen(row.key) && (
            <AssistantCard event={row.event} rawOpen onToggleRaw={() => ui.toggleRaw(row.key)} />
          )}
        </div>
      );
    case 'end':
      return (
        <EndCard
          event={row.event}
          usage={row.usage}
          {...(ui.fork && row.message !== undefined
            ? { onRetry: () => ui.fork!({ kind: 'user', runId: row.runId, content: row.message! }) }
            : {})}
        />
      );
    case 'span':
      return <SpanCard row={row} collapsed={ui.collapsed(row.key)} onToggle={() => ui.toggleCollapsed(row.key)} />;
    case 'notice':
      return (
        <div className="notice warn small loop-notice" data-testid="trace-notice" data-reason={row.event.reason}>
          <strong>
            {row.event.reason === 'limit_reached'
              ? `Limit reached: ${row.event.limit ?? ''}`
              : row.event.reason === 'tools_not_offered'
                ? 'Tools not offered'
                : 'Reply not understood'}
          </strong>{' '}
          {row.event.message}
        </div>
      );
    case 'model-pause':
      return row.pause.at.kind === 'model' ? <ModelRequestEditor pause={row.pause} at={row.pause.at} /> : null;
    case 'waiting':
      return (
        <div className="end" data-testid="trace-waiting">
          <span className="spinner" /> {row.text} <kbd>Esc</kbd> cancels
        </div>
      );
  }
});
