import { useContext, useMemo } from 'react';
import type { ToolRow } from '../../lib/trace-rows';
import { causeOf, ErrorNotice } from '../../components/ErrorNotice';
import { JsonView } from '../../components/JsonView';
import { reportedError } from '../../lib/reported-error';
import { ToolResultView } from '../../components/tool-result/ToolResultView';
import { resultLine } from '../../components/tool-result/result-blocks';
import { ToolResultContext } from '../../components/tool-result/result-context';
import { ArgsDiff, DebugBadges, PausedMs } from './DebugMarks';
import { PausedToolCard } from './PausedToolCard';
import { PausedClock } from './PausedClock';
import { ForkButton } from './ForkButton';
import { ElidedToolResult } from './ElidedToolResult';
import { isElisionNote } from '../../../shared/domain/elision-note';

const STATUS: Record<ToolRow['status'], { label: string; cls: string }> = {
  pending: { label: 'waiting', cls: 'badge' },
  running: { label: 'running', cls: 'badge run' },
  paused: { label: 'Paused', cls: 'badge paused' },
  ok: { label: 'ok', cls: 'badge ok' },
  error: { label: 'error', cls: 'badge err' },
  abandoned: { label: 'not finished', cls: 'badge warn' },
};

/** A folded card's second line: the result, the error, or what the tool reports, in one line. */
function outcomeLine(row: ToolRow, reported: string | null): string | null {
  if (row.status === 'error' && row.error) return `${row.error.code}: ${causeOf(row.error) ?? row.error.message}`;
  if (reported) return `reported error: ${reported}`;
  if (row.status === 'ok') return resultLine(row.result);
  return null;
}

/** The result of a traced call as content blocks, with the tool's output-schema check and resource Open. */
function TraceToolResult({ row }: { row: ToolRow }) {
  const envFor = useContext(ToolResultContext);
  const context = useMemo(() => envFor(row.toolboxId, row.name), [envFor, row.toolboxId, row.name]);
  if (isElisionNote(row.result))
    return (
      <>
        <JsonView value={row.result} testId="trace-tool-result" compact />
        <ElidedToolResult row={row} />
      </>
    );
  return <ToolResultView result={row.result} testId="trace-tool-result" compact {...context} />;
}

/** One TOOL message: the call's arguments, then its result or error, its duration; collapsible. */
export function ToolCard({
  row,
  collapsed,
  onToggle,
  onOpen,
  onFork,
}: {
  row: ToolRow;
  collapsed: boolean;
  onToggle(): void;
  onOpen(): void;
  /** "Fork from here": a new session from this call, its result edited. */
  onFork?(): void;
}) {
  const s = STATUS[row.status];
  const reported = row.status === 'ok' ? reportedError(row.result) : null;
  const unknownTool = row.status === 'error' && row.error?.code === 'tool_not_found';
  const pause = row.pause?.at.kind === 'tool' ? { state: row.pause, at: row.pause.at } : null;
  const folded = collapsed && !pause;
  return (
    <div
      className={
        pause
          ? 'msg tool paused'
          : row.status === 'error'
            ? 'msg tool error'
            : reported
              ? 'msg tool reported'
              : 'msg tool'
      }
      data-testid="trace-tool"
      data-status={row.status}
      data-tool-call-id={row.toolCallId}
    >
      <div className="head">
        <button
          className="ghost small"
          onClick={onToggle}
          aria-expanded={!folded}
          aria-label={folded ? 'Expand' : 'Collapse'}
          disabled={!!pause}
        >
          {folded ? '▸' : '▾'}
        </button>
        <span className="who" style={{ margin: 0 }}>
          Tool
        </span>
        <span className="fname">{row.name}</span>
        {!row.denied && (
          <span className={reported ? 'badge warn' : s.cls} title={reported ?? undefined}>
            {row.status === 'running' && <span className="spinner" style={{ marginRight: 4 }} />}
            {row.status === 'error' && row.error ? row.error.code : reported ? 'tool reported an error' : s.label}
          </span>
        )}
        {pause && <PausedClock since={pause.state.since} />}
        <DebugBadges row={row} />
        {row.durationMs !== undefined && <span className="small muted">{Math.round(row.durationMs * 10) / 10} ms</span>}
        <PausedMs ms={row.pausedMs} />
        <span className="spacer" />
        {!pause && onFork && <ForkButton onClick={onFork} />}
        {!pause && (
          <button
            className="small"
            data-testid="open-in-form"
            onClick={onOpen}
            disabled={unknownTool}
            title={
              unknownTool
                ? 'The model asked for a tool this persona does not have: there is no form to open'
                : 'Open this call in its tool form, with these arguments'
            }
          >
            Open in form
          </button>
        )}
      </div>
      {pause ? (
        <PausedToolCard pause={pause.state} at={pause.at} />
      ) : folded ? (
        <div className="tool-summary small mono" data-testid="trace-tool-summary">
          <div>
            <span className="muted">in </span>
            {row.rawArguments ?? JSON.stringify(row.arguments)}
          </div>
          {outcomeLine(row, reported) && (
            <div className={row.status === 'error' ? 'err' : reported ? 'warn' : undefined}>
              <span className="muted">out </span>
              {outcomeLine(row, reported)}
            </div>
          )}
        </div>
      ) : (
        <div className="kv">
          <span>arguments</span>
          {row.rawArguments !== undefined ? (
            <div className="stack" style={{ gap: 6 }}>
              <div className="notice warn small">Not valid JSON: the tool was not run. The model sent:</div>
              <pre className="json" data-testid="trace-tool-raw-arguments">
                {row.rawArguments}
              </pre>
            </div>
          ) : (
            <JsonView value={row.arguments} copy={false} compact />
          )}
          {row.originalArguments && (
            <>
              <span>edited</span>
              <ArgsDiff original={row.originalArguments} edited={row.arguments} />
            </>
          )}
          {row.denied && (
            <>
              <span>denied</span>
              <div className="small" data-testid="denied-reason" style={{ paddingTop: 8 }}>
                {row.denied.reason ? `Reason given to the model: ${row.denied.reason}` : 'No reason given.'}
              </div>
            </>
          )}
          {row.status === 'ok' && (
            <>
              <span>result</span>
              <div className="stack" style={{ gap: 6 }}>
                {reported && (
                  <div className="notice warn small" data-testid="trace-tool-reported">
                    The tool reports an error: <strong>{reported}</strong>
                  </div>
                )}
                <TraceToolResult row={row} />
              </div>
            </>
          )}
          {row.status === 'error' && row.error && (
            <>
              <span>error</span>
              <ErrorNotice error={row.error} testId="trace-tool-error" />
            </>
          )}
          {row.content !== undefined && (
            <>
              <span>to model</span>
              <details>
                <summary className="small">The exact text fed back to the model</summary>
                <pre className="json">{row.content}</pre>
              </details>
            </>
          )}
        </div>
      )}
    </div>
  );
}
