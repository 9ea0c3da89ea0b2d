import { useCallback, useMemo, useState } from 'react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { useApp } from '../../store/context';
import { buildTraceRows, unfoldedRows, type ToolRow } from '../../lib/trace-rows';
import { TracePane } from './TracePane';
import { useRowUi } from './use-row-ui';
import type { ForkRequest } from '../../store/time-travel-slice';
import { ToolResultContext } from '../../components/tool-result/result-context';
import { useToolResultEnv } from '../../hooks/use-tool-result-env';

/** The trace step an assertion points at: the run (one user turn) and the seq of its tool event. */
export interface TraceStepRef {
  runId: string;
  seq: number;
}

/** Props of a finished run's trace shown outside the chat (a test case's): the events, and a step to bring into view. */
export interface CaseTraceProps {
  events: TraceEvent[];
  step?: TraceStepRef | null;
}

/**
 * A finished trace (a test case's run) in the chat's own trace view: the same rows and cards, tool cards open in
 * their form; `step` scrolls to the tool call an assertion points at.
 */
export function CaseTrace({ events, step }: CaseTraceProps) {
  const openToolCall = useApp((s) => s.openToolCall);
  const [allCollapsed, setAllCollapsed] = useState(false);
  const openTool = useCallback(
    (row: ToolRow) => void openToolCall(row.toolboxId, row.name, row.arguments),
    [openToolCall],
  );
  const rowUi = useRowUi(openTool, allCollapsed);
  const openFork = useApp((s) => s.openFork);
  const personaId = useApp((s) => s.selectedId);
  // "Fork from here" on the case's run: a new chat session from that step (the run is not a stored session).
  const ui = useMemo(
    () =>
      personaId
        ? {
            ...rowUi,
            fork: (r: ForkRequest) => openFork({ ...r, trace: { personaId, events, from: 'a test case run' } }),
          }
        : rowUi,
    [rowUi, openFork, personaId, events],
  );
  const resultEnv = useToolResultEnv();
  const rows = useMemo(() => buildTraceRows(events), [events]);
  const shown = useMemo(() => unfoldedRows(rows, ui.collapsed), [rows, ui]);
  const reveal = useMemo(() => {
    if (!step) return null;
    const e = events.find((x) => x.runId === step.runId && x.seq === step.seq);
    const id = e && 'toolCallId' in e ? e.toolCallId : null;
    return rows.find((r) => r.kind === 'tool' && r.runId === step.runId && r.toolCallId === id)?.key ?? null;
  }, [events, rows, step]);
  return (
    <div className="case-trace" data-testid="case-trace">
      <div className="chat-bar">
        <span className="small muted grow">The run&apos;s trace, as the chat shows it</span>
        <button className="ghost small" onClick={() => setAllCollapsed(!allCollapsed)} disabled={!rows.length}>
          {allCollapsed ? 'Expand tool cards' : 'Collapse tool cards'}
        </button>
      </div>
      <ToolResultContext.Provider value={resultEnv}>
        <TracePane rows={shown} ui={ui} reveal={reveal} />
      </ToolResultContext.Provider>
    </div>
  );
}
