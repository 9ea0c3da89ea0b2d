import { exhaustive } from '../../shared/domain/exhaustive';
import type { TokenUsage, TraceEvent } from '../../shared/domain/trace';
import { orderEvents, type Placement, type SpanRow, type ToolRow, type TraceRow } from '../lib/trace-rows';

type Ev<T extends TraceEvent['type']> = Extract<TraceEvent, { type: T }>;

/**
 * The trace rows as the renderer built them before it kept them up to date event by event: the whole list from
 * scratch, with the retracted turns looked up ahead. Kept only as the oracle of the incremental builder's tests.
 */
export function referenceTraceRows(events: TraceEvent[]): TraceRow[] {
  const rows: TraceRow[] = [];
  const tools = new Map<string, number>();
  const answers = new Map<string, number>();
  const maxByRun = new Map<string, number>();
  const lastIter = new Map<string, number>();
  const ended = new Set<string>();
  const toolKey = (runId: string, id: string) => `${runId}:tool:${id}`;
  const ordered = orderEvents(events);
  // A turn that asked for tools retracts the deltas it streamed: its text shows on its assistant card.
  const turnKey = (e: TraceEvent) => `${e.runId}:${e.iteration}:${e.type === 'span_started' ? '' : (e.spanId ?? '')}`;
  const retracted = new Set(ordered.filter((e) => e.type === 'assistant_message' && !e.final).map(turnKey));
  const spanRows = new Map<string, { index: number; placement: Required<Placement> }>();
  const usage = new Map<string, TokenUsage>();
  const messages = new Map<string, string>();
  /** The placement of a row made from `e`: under the span it belongs to (top level without one). */
  const place = (e: TraceEvent): Placement => {
    const span = e.type === 'span_started' ? e.parentSpanId : e.spanId;
    const parent = span ? spanRows.get(`${e.runId}:span:${span}`) : undefined;
    if (!parent) return {};
    return { depth: parent.placement.depth + 1, parents: [...parent.placement.parents, rows[parent.index].key] };
  };

  const iterationHeader = (e: TraceEvent) => {
    if (e.iteration < 1 || e.spanId || (lastIter.get(e.runId) ?? 0) >= e.iteration) return;
    lastIter.set(e.runId, e.iteration);
    rows.push({
      kind: 'iteration',
      key: `${e.runId}:iter:${e.iteration}`,
      runId: e.runId,
      iteration: e.iteration,
      max: maxByRun.get(e.runId) ?? null,
    });
  };
  const toolRow = (e: Ev<'tool_started'> | Ev<'tool_result'> | Ev<'tool_error'>): ToolRow => {
    const k = toolKey(e.runId, e.toolCallId);
    let i = tools.get(k);
    if (i === undefined) {
      iterationHeader(e);
      i = rows.length;
      tools.set(k, i);
      rows.push({
        kind: 'tool',
        key: k,
        runId: e.runId,
        iteration: e.iteration,
        toolCallId: e.toolCallId,
        name: e.name,
        toolboxId: e.toolboxId,
        arguments: e.arguments,
        status: 'pending',
        ...place(e),
      });
    }
    const row = {
      ...(rows[i] as ToolRow),
      toolboxId: e.toolboxId ?? (rows[i] as ToolRow).toolboxId,
      arguments: e.arguments,
      ...(e.type !== 'tool_result' && e.rawArguments !== undefined ? { rawArguments: e.rawArguments } : {}),
    };
    rows[i] = row;
    return row;
  };

  /** A tool call's result or error lands on its card, with its text, timing and what the debugger did. */
  const settle = (e: Ev<'tool_result'> | Ev<'tool_error'>, outcome: Partial<ToolRow>) =>
    Object.assign(toolRow(e), { ...outcome, content: e.content, durationMs: e.durationMs, ...debugOf(e) });
  /** The run's one answer row: appended the first time, replaced after. */
  const putAnswer = (runId: string, text: string, streaming: boolean, event: Ev<'assistant_message'> | null) => {
    const row: TraceRow = { kind: 'answer', key: `${runId}:answer`, runId, text, streaming, event };
    const i = answers.get(runId);
    if (i === undefined) {
      answers.set(runId, rows.length);
      rows.push(row);
    } else rows[i] = row;
  };
  const end = (e: Ev<'run_finished'> | Ev<'run_failed'> | Ev<'run_cancelled'>) => {
    ended.add(e.runId);
    const message = e.type === 'run_finished' ? undefined : messages.get(e.runId);
    rows.push({
      kind: 'end',
      key: `${e.runId}:end`,
      runId: e.runId,
      event: e,
      ...usageOf(e.runId),
      ...(message !== undefined ? { message } : {}),
    });
  };

  for (const e of ordered) {
    switch (e.type) {
      case 'run_started':
        maxByRun.set(e.runId, e.maxIterations);
        break;
      case 'user_message':
        rows.push({ kind: 'user', key: `${e.runId}:user:${e.seq}`, runId: e.runId, content: e.content });
        messages.set(e.runId, e.content);
        break;
      case 'memory_context':
        rows.push({ kind: 'memory', key: `${e.runId}:memory`, runId: e.runId, event: e });
        break;
      case 'assistant_message': {
        iterationHeader(e);
        if (e.usage) {
          const sum = usage.get(e.runId) ?? { promptTokens: 0, completionTokens: 0 };
          usage.set(e.runId, {
            promptTokens: sum.promptTokens + e.usage.promptTokens,
            completionTokens: sum.completionTokens + e.usage.completionTokens,
          });
        }
        if (e.final && e.toolCalls.length === 0) {
          putAnswer(e.runId, e.content, false, e);
          break;
        }
        const placement = place(e);
        rows.push({ kind: 'assistant', key: `${e.runId}:assistant:${e.seq}`, runId: e.runId, event: e, ...placement });
        for (const call of e.toolCalls) {
          const k = toolKey(e.runId, call.id);
          if (tools.has(k)) continue;
          tools.set(k, rows.length);
          rows.push({
            kind: 'tool',
            key: k,
            runId: e.runId,
            iteration: e.iteration,
            toolCallId: call.id,
            name: call.name,
            toolboxId: null,
            arguments: call.arguments,
            ...(call.rawArguments !== undefined ? { rawArguments: call.rawArguments } : {}),
            status: 'pending',
            ...placement,
          });
        }
        break;
      }
      case 'tool_started': {
        const row = toolRow(e);
        if (row.status === 'pending') row.status = 'running';
        break;
      }
      case 'tool_result':
        settle(e, { status: 'ok', result: e.result });
        break;
      case 'tool_error':
        settle(e, { status: 'error', error: e.error, ...(e.denied ? { denied: e.denied } : {}) });
        break;
      case 'answer_delta': {
        if (retracted.has(turnKey(e))) break;
        const i = answers.get(e.runId);
        if (i === undefined) {
          iterationHeader(e);
          putAnswer(e.runId, e.delta, true, null);
        } else {
          const prev = rows[i] as Extract<TraceRow, { kind: 'answer' }>;
          if (prev.streaming) rows[i] = { ...prev, text: prev.text + e.delta };
        }
        break;
      }
      case 'run_finished': {
        const i = answers.get(e.runId);
        if (i === undefined && e.answer) putAnswer(e.runId, e.answer, false, null);
        else if (i !== undefined)
          rows[i] = {
            ...(rows[i] as Extract<TraceRow, { kind: 'answer' }>),
            text: e.answer || (rows[i] as { text: string }).text,
            streaming: false,
          };
        end(e);
        break;
      }
      case 'run_failed':
      case 'run_cancelled':
        end(e);
        break;
      case 'span_started': {
        const key = `${e.runId}:span:${e.spanId ?? e.seq}`;
        const placement = place(e);
        spanRows.set(key, {
          index: rows.length,
          placement: { depth: placement.depth ?? 0, parents: placement.parents ?? [] },
        });
        rows.push({
          kind: 'span',
          key,
          runId: e.runId,
          spanKind: e.kind,
          title: e.title,
          ...(e.text ? { text: e.text } : {}),
          open: true,
          ...placement,
        });
        break;
      }
      case 'span_finished': {
        const span = spanRows.get(`${e.runId}:span:${e.spanId}`);
        if (!span) break;
        const row = rows[span.index] as SpanRow & Placement;
        rows[span.index] = {
          ...row,
          open: false,
          ...(e.text !== undefined ? { text: e.text } : {}),
          ...(e.score !== undefined ? { score: e.score } : {}),
          ...(e.kept !== undefined ? { kept: e.kept } : {}),
          ...(e.satisfactory !== undefined ? { satisfactory: e.satisfactory } : {}),
        };
        break;
      }
      case 'loop_notice':
        rows.push({ kind: 'notice', key: `${e.runId}:notice:${e.seq}`, runId: e.runId, event: e, ...place(e) });
        break;
      default:
        exhaustive(e);
    }
  }
  function usageOf(runId: string): { usage?: TokenUsage } {
    const sum = usage.get(runId);
    return sum ? { usage: sum } : {};
  }
  if (spanRows.size) {
    const counts = new Map<string, number>();
    for (const r of rows) for (const p of r.parents ?? []) counts.set(p, (counts.get(p) ?? 0) + 1);
    for (const { index } of spanRows.values()) {
      const r = rows[index] as SpanRow & Placement;
      rows[index] = { ...r, children: counts.get(r.key) ?? 0 };
    }
  }
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!ended.has(r.runId)) continue;
    if (r.kind === 'span' && r.open) rows[i] = { ...r, open: false };
    if (r.kind === 'tool' && (r.status === 'pending' || r.status === 'running'))
      rows[i] = { ...r, status: 'abandoned' };
    if (r.kind === 'answer' && r.streaming) rows[i] = { ...r, streaming: false };
  }
  return rows;
}

/** What the debugger changed about a finished call, as its card shows it. */
function debugOf(e: Ev<'tool_result'> | Ev<'tool_error'>): Partial<ToolRow> {
  return {
    ...(e.originalArguments ? { originalArguments: e.originalArguments } : {}),
    ...(e.mocked ? { mocked: true } : {}),
    ...(e.pausedMs ? { pausedMs: e.pausedMs } : {}),
  };
}
