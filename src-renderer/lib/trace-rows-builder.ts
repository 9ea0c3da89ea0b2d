import { exhaustive } from '../../shared/domain/exhaustive';
import type { TokenUsage, TraceEvent } from '../../shared/domain/trace';
import type { Placement, SpanRow, ToolRow, TraceRow } from './trace-rows';

type Ev<T extends TraceEvent['type']> = Extract<TraceEvent, { type: T }>;
type AnswerRow = Extract<TraceRow, { kind: 'answer' }>;
type EndEvent = Ev<'run_finished'> | Ev<'run_failed'> | Ev<'run_cancelled'>;

/** The turn a streamed delta belongs to: a turn that asks for tools retracts the deltas it streamed. */
export const turnKey = (e: TraceEvent) =>
  `${e.runId}:${e.iteration}:${e.type === 'span_started' ? '' : (e.spanId ?? '')}`;

/** The turn streaming into a run's answer row now, and what the row was before it, so a retraction can undo it. */
interface Streaming {
  turn: string;
  /** The turn's first delta made the answer row (it is then the row to drop). */
  created: boolean;
  textBefore: string;
}

/**
 * Turns trace events, given in display order (run by run, each by seq), into display rows, one event at a time:
 * per run the user turn, then per iteration the assistant turn followed by one TOOL card per call (paired by
 * toolCallId, in the order the model asked), then the streamed answer and how the run ended. Each event touches
 * only its own rows: a changed row is a new object, the others stay as they were (so memoized rows do not redraw).
 *
 * A whole-trace build passes every turn that asks for tools up front (`retracted`), steps through the events and
 * calls `finish`. After that it is live: a turn can turn out to ask for tools after its deltas streamed, and `step`
 * takes them back, or returns false when it cannot do so exactly (the caller then rebuilds from scratch).
 */
export class TraceRowsBuilder {
  rows: TraceRow[] = [];
  readonly ended = new Set<string>();
  private readonly tools = new Map<string, number>();
  private readonly answers = new Map<string, number>();
  private readonly maxByRun = new Map<string, number>();
  private readonly lastIter = new Map<string, number>();
  private readonly spanRows = new Map<string, { index: number; placement: Required<Placement> }>();
  private readonly usage = new Map<string, TokenUsage>();
  /** Each run's user message (a run that does not finish offers to try it again). */
  private readonly messages = new Map<string, string>();
  private readonly runStart = new Map<string, number>();
  private readonly streaming = new Map<string, Streaming>();
  /** Turns whose deltas are in an answer row in a way `streaming` no longer describes. */
  private readonly mixed = new Set<string>();

  /** Live (after `finish`): runs are settled (open spans closed, open calls abandoned) as they end. */
  private live = false;

  constructor(private readonly retracted = new Set<string>()) {}

  /** Applies one event; false when it cannot be applied in place (an ended run's event, a tangled retraction). */
  step(e: TraceEvent): boolean {
    if (this.live && this.ended.has(e.runId)) return false;
    if (!this.runStart.has(e.runId)) this.runStart.set(e.runId, this.rows.length);
    switch (e.type) {
      case 'run_started':
        this.maxByRun.set(e.runId, e.maxIterations);
        break;
      case 'user_message':
        this.push({ kind: 'user', key: `${e.runId}:user:${e.seq}`, runId: e.runId, content: e.content });
        this.messages.set(e.runId, e.content);
        break;
      case 'memory_context':
        this.push({ kind: 'memory', key: `${e.runId}:memory`, runId: e.runId, event: e });
        break;
      case 'assistant_message':
        return this.assistant(e);
      case 'tool_started': {
        const row = this.toolRow(e);
        if (row.status === 'pending') row.status = 'running';
        break;
      }
      case 'tool_result':
        this.settle(e, { status: 'ok', result: e.result });
        break;
      case 'tool_error':
        this.settle(e, { status: 'error', error: e.error, ...(e.denied ? { denied: e.denied } : {}) });
        break;
      case 'answer_delta':
        this.delta(e);
        break;
      case 'run_finished': {
        const i = this.answers.get(e.runId);
        if (i === undefined && e.answer) this.putAnswer(e.runId, e.answer, false, null);
        else if (i !== undefined) {
          this.touchAnswer(e.runId);
          const row = this.rows[i] as AnswerRow;
          this.rows[i] = { ...row, text: e.answer || row.text, streaming: false };
        }
        this.end(e);
        break;
      }
      case 'run_failed':
      case 'run_cancelled':
        this.end(e);
        break;
      case 'span_started':
        this.spanStarted(e);
        break;
      case 'span_finished': {
        const span = this.spanRows.get(`${e.runId}:span:${e.spanId}`);
        if (!span) break;
        this.rows[span.index] = {
          ...(this.rows[span.index] as SpanRow & Placement),
          open: false,
          ...(e.text !== undefined ? { text: e.text } : {}),
          ...(e.score !== undefined ? { score: e.score } : {}),
          ...(e.kept !== undefined ? { kept: e.kept } : {}),
          ...(e.satisfactory !== undefined ? { satisfactory: e.satisfactory } : {}),
        };
        break;
      }
      case 'loop_notice':
        this.push({ kind: 'notice', key: `${e.runId}:notice:${e.seq}`, runId: e.runId, event: e, ...this.place(e) });
        break;
      default:
        exhaustive(e);
    }
    return true;
  }

  /** Ends the whole-trace build: settles the runs that ended; from now on events are taken as they come (live). */
  finish(): TraceRow[] {
    if (!this.live && this.ended.size) this.settleRuns(0, (runId) => this.ended.has(runId));
    this.live = true;
    return this.rows;
  }

  private push(row: TraceRow) {
    this.rows.push(row);
    for (const parent of row.parents ?? []) {
      const span = this.spanRows.get(parent);
      if (!span) continue;
      const r = this.rows[span.index] as SpanRow & Placement;
      this.rows[span.index] = { ...r, children: (r.children ?? 0) + 1 };
    }
  }

  /** The placement of a row made from `e`: under the span it belongs to (top level without one). */
  private place(e: TraceEvent): Placement {
    const span = e.type === 'span_started' ? e.parentSpanId : e.spanId;
    const parent = span ? this.spanRows.get(`${e.runId}:span:${span}`) : undefined;
    if (!parent) return {};
    return {
      depth: parent.placement.depth + 1,
      parents: [...parent.placement.parents, this.rows[parent.index].key],
    };
  }

  private iterationHeader(e: TraceEvent) {
    if (e.iteration < 1 || e.spanId || (this.lastIter.get(e.runId) ?? 0) >= e.iteration) return;
    this.lastIter.set(e.runId, e.iteration);
    this.push({
      kind: 'iteration',
      key: `${e.runId}:iter:${e.iteration}`,
      runId: e.runId,
      iteration: e.iteration,
      max: this.maxByRun.get(e.runId) ?? null,
    });
  }

  private assistant(e: Ev<'assistant_message'>): boolean {
    if (!e.final) {
      const turn = turnKey(e);
      if (!this.retracted.has(turn) && !this.retract(e.runId, turn)) return false;
      this.retracted.add(turn);
    }
    this.iterationHeader(e);
    if (e.usage) {
      const sum = this.usage.get(e.runId) ?? { promptTokens: 0, completionTokens: 0 };
      this.usage.set(e.runId, {
        promptTokens: sum.promptTokens + e.usage.promptTokens,
        completionTokens: sum.completionTokens + e.usage.completionTokens,
      });
    }
    if (e.final && e.toolCalls.length === 0) {
      this.putAnswer(e.runId, e.content, false, e);
      return true;
    }
    const placement = this.place(e);
    this.push({ kind: 'assistant', key: `${e.runId}:assistant:${e.seq}`, runId: e.runId, event: e, ...placement });
    for (const call of e.toolCalls) {
      const k = `${e.runId}:tool:${call.id}`;
      if (this.tools.has(k)) continue;
      this.tools.set(k, this.rows.length);
      this.push({
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
    return true;
  }

  /** Takes back the deltas `turn` streamed into its run's answer row; false when that cannot be done exactly. */
  private retract(runId: string, turn: string): boolean {
    if (this.mixed.has(turn)) return false;
    const s = this.streaming.get(runId);
    if (s?.turn !== turn) return true;
    this.streaming.delete(runId);
    const i = this.answers.get(runId)!;
    if (!s.created) {
      this.rows[i] = { ...(this.rows[i] as AnswerRow), text: s.textBefore };
      return true;
    }
    if (i !== this.rows.length - 1) return false;
    this.rows.pop();
    this.answers.delete(runId);
    return true;
  }

  private delta(e: Ev<'answer_delta'>) {
    const turn = turnKey(e);
    if (this.retracted.has(turn)) return;
    const i = this.answers.get(e.runId);
    const s = this.streaming.get(e.runId);
    if (s?.turn !== turn) {
      if (s) this.mixed.add(s.turn);
      const before = i === undefined ? '' : (this.rows[i] as AnswerRow).text;
      this.streaming.set(e.runId, { turn, created: i === undefined, textBefore: before });
    }
    if (i === undefined) {
      this.iterationHeader(e);
      this.answers.set(e.runId, this.rows.length);
      this.push({
        kind: 'answer',
        key: `${e.runId}:answer`,
        runId: e.runId,
        text: e.delta,
        streaming: true,
        event: null,
      });
      return;
    }
    const prev = this.rows[i] as AnswerRow;
    if (prev.streaming) this.rows[i] = { ...prev, text: prev.text + e.delta };
  }

  /** The answer row changes for another reason than a delta: a later retraction of the streaming turn is tangled. */
  private touchAnswer(runId: string) {
    const s = this.streaming.get(runId);
    if (!s) return;
    this.mixed.add(s.turn);
    this.streaming.delete(runId);
  }

  /** The run's one answer row: appended the first time, replaced after. */
  private putAnswer(runId: string, text: string, streaming: boolean, event: Ev<'assistant_message'> | null) {
    const row: TraceRow = { kind: 'answer', key: `${runId}:answer`, runId, text, streaming, event };
    const i = this.answers.get(runId);
    if (i === undefined) {
      this.answers.set(runId, this.rows.length);
      this.push(row);
    } else {
      this.touchAnswer(runId);
      this.rows[i] = row;
    }
  }

  private toolRow(e: Ev<'tool_started'> | Ev<'tool_result'> | Ev<'tool_error'>): ToolRow {
    const k = `${e.runId}:tool:${e.toolCallId}`;
    let i = this.tools.get(k);
    if (i === undefined) {
      this.iterationHeader(e);
      i = this.rows.length;
      this.tools.set(k, i);
      this.push({
        kind: 'tool',
        key: k,
        runId: e.runId,
        iteration: e.iteration,
        toolCallId: e.toolCallId,
        name: e.name,
        toolboxId: e.toolboxId,
        arguments: e.arguments,
        status: 'pending',
        ...this.place(e),
      });
    }
    const prev = this.rows[i] as ToolRow;
    const row: ToolRow = {
      ...prev,
      toolboxId: e.toolboxId ?? prev.toolboxId,
      arguments: e.arguments,
      ...(e.type !== 'tool_result' && e.rawArguments !== undefined ? { rawArguments: e.rawArguments } : {}),
    };
    this.rows[i] = row;
    return row;
  }

  /** A tool call's result or error lands on its card, with its text, timing and what the debugger did. */
  private settle(e: Ev<'tool_result'> | Ev<'tool_error'>, outcome: Partial<ToolRow>) {
    Object.assign(this.toolRow(e), {
      ...outcome,
      content: e.content,
      durationMs: e.durationMs,
      ...(e.originalArguments ? { originalArguments: e.originalArguments } : {}),
      ...(e.mocked ? { mocked: true } : {}),
      ...(e.pausedMs ? { pausedMs: e.pausedMs } : {}),
    });
  }

  private spanStarted(e: Ev<'span_started'>) {
    const key = `${e.runId}:span:${e.spanId ?? e.seq}`;
    const placement = this.place(e);
    const index = this.rows.length;
    this.spanRows.set(key, { index, placement: { depth: placement.depth ?? 0, parents: placement.parents ?? [] } });
    this.push({
      kind: 'span',
      key,
      runId: e.runId,
      spanKind: e.kind,
      title: e.title,
      ...(e.text ? { text: e.text } : {}),
      open: true,
      children: 0,
      ...placement,
    });
  }

  private end(e: EndEvent) {
    this.ended.add(e.runId);
    const sum = this.usage.get(e.runId);
    const message = e.type === 'run_finished' ? undefined : this.messages.get(e.runId);
    this.messages.delete(e.runId);
    this.push({
      kind: 'end',
      key: `${e.runId}:end`,
      runId: e.runId,
      event: e,
      ...(sum ? { usage: sum } : {}),
      ...(message !== undefined ? { message } : {}),
    });
    if (this.live) this.settleRuns(this.runStart.get(e.runId) ?? 0, (runId) => runId === e.runId);
  }

  /** Ended runs' rows from `from` on: open spans closed, calls still open abandoned, answers no longer streaming. */
  private settleRuns(from: number, ended: (runId: string) => boolean) {
    for (let i = from; i < this.rows.length; i++) {
      const r = this.rows[i];
      if (!ended(r.runId)) continue;
      if (r.kind === 'span' && r.open) this.rows[i] = { ...r, open: false };
      if (r.kind === 'tool' && (r.status === 'pending' || r.status === 'running'))
        this.rows[i] = { ...r, status: 'abandoned' };
      if (r.kind === 'answer' && r.streaming) this.rows[i] = { ...r, streaming: false };
    }
  }
}

/** Every turn in `events` that asked for tools (its streamed deltas are not an answer). */
export function retractedTurns(events: TraceEvent[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) if (e.type === 'assistant_message' && !e.final) out.add(turnKey(e));
  return out;
}
