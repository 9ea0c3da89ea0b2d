import type { AgentMessage } from '../../../shared/domain/message';
import type { ForkEdit, ForkPoint } from '../../../shared/domain/time-travel';
import type { TraceEvent } from '../../../shared/domain/trace';
import { StudioError } from '../errors';
import { recordedOutcomesById, type RecordedOutcome } from './recorded-outcomes';
import { historyFromEvents } from './session-summary';

type AssistantEvent = Extract<TraceEvent, { type: 'assistant_message' }>;

/** Where the fork's own events start: a new run, a brain call of the run (0-based), or one of its tool calls. */
export type LiveAt = { kind: 'start' } | { kind: 'brain'; call: number } | { kind: 'tool'; toolCallId: string };

/**
 * How to fork a session at a step: the events copied as they are, and what the forked run replays (the recorded
 * assistant turns and tool outcomes before the step, then the edited step) before it goes on live.
 */
export interface ForkPlan {
  /** Whole earlier runs as recorded, then the forked run's events before the step (with the fork's run id). */
  prefix: TraceEvent[];
  /** The forked run's id in the fork (a new one), and the seq its next event gets. */
  runId: string;
  nextSeq: number;
  /** The conversation before the forked run, and its user message (edited, for a user fork). */
  history: AgentMessage[];
  message: string;
  /** Assistant turns answered from the recording, in order; for an assistant fork the edited turn is last. */
  turns: AssistantEvent[];
  /** Recorded outcomes of the forked run's tool calls before the step. */
  outcomes: Map<string, RecordedOutcome>;
  /** A tool fork: the call answered with the edited result (the tool does not run). */
  edited: { toolCallId: string; name: string; result: Record<string, unknown> } | null;
  liveAt: LiveAt;
  /** The step in words, for the fork's header link. */
  label: string;
}

const bad = (message: string) => new StudioError('bad_input', message);

/** The runs of a session in file order, each with its events in seq order. */
function runsOf(events: TraceEvent[]): { runId: string; events: TraceEvent[] }[] {
  const runs = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const list = runs.get(e.runId) ?? [];
    list.push(e);
    runs.set(e.runId, list);
  }
  return [...runs].map(([runId, list]) => ({ runId, events: [...list].sort((a, b) => a.seq - b.seq) }));
}

/**
 * Plans a fork of `events` (a session's trace) at `point`, the step becoming `edit`. The edit must be of the
 * step's kind; an unknown run or step is `bad_input`. Pure: nothing is written or run here.
 */
export function planFork(
  events: TraceEvent[],
  point: ForkPoint,
  edit: ForkEdit,
  ids: { sessionId: string; runId: string },
): ForkPlan {
  if (edit.kind !== point.kind) throw bad(`A ${point.kind} step is edited as a ${point.kind}, not as a ${edit.kind}.`);
  const runs = runsOf(events);
  const at = runs.findIndex((r) => r.runId === point.runId);
  if (at < 0) throw bad(`The session has no run '${point.runId}'.`);
  const earlier = runs.slice(0, at).flatMap((r) => r.events);
  const run = runs[at].events;
  const turnNo = at + 1;
  const user = run.find((e) => e.type === 'user_message');
  if (!user) throw bad(`Run '${point.runId}' has no user message to fork from.`);
  const copy = (e: TraceEvent): TraceEvent => (e.type === 'run_started' ? { ...e, sessionId: ids.sessionId } : e);
  const base = {
    runId: ids.runId,
    history: historyFromEvents(earlier),
    message: user.content,
    outcomes: new Map<string, RecordedOutcome>(),
    edited: null,
  };
  if (edit.kind === 'user')
    return {
      ...base,
      prefix: earlier.map(copy),
      nextSeq: 0,
      message: edit.content,
      turns: [],
      liveAt: { kind: 'start' },
      label: `your message, turn ${turnNo}`,
    };

  let before: TraceEvent[];
  let turns: AssistantEvent[];
  let liveAt: LiveAt;
  let label: string;
  let edited: ForkPlan['edited'] = null;
  if (point.kind === 'assistant' && edit.kind === 'assistant') {
    const step = run.find((e) => e.seq === point.seq);
    if (step?.type !== 'assistant_message')
      throw bad(`Event ${point.seq} of run '${point.runId}' is not an assistant turn.`);
    before = run.filter((e) => e.seq < step.seq);
    // The turn's streamed text comes again, from the edited turn.
    while (before.at(-1)?.type === 'answer_delta') before.pop();
    const recorded = before.filter((e): e is AssistantEvent => e.type === 'assistant_message');
    const calls = edit.toolCalls.map((c, i) => ({ ...c, id: c.id || `fork_call_${i + 1}` }));
    const turn: AssistantEvent = {
      ...step,
      content: edit.content,
      toolCalls: calls,
      final: calls.length === 0,
      raw: null,
      warnings: [],
    };
    turns = [...recorded, turn];
    liveAt = { kind: 'brain', call: recorded.length };
    label = `assistant turn, iteration ${step.iteration}, turn ${turnNo}`;
  } else if (point.kind === 'tool' && edit.kind === 'tool') {
    const mine = run.filter(
      (e) =>
        (e.type === 'tool_started' || e.type === 'tool_result' || e.type === 'tool_error') &&
        e.toolCallId === point.toolCallId,
    );
    if (!mine.length) throw bad(`Run '${point.runId}' has no tool call '${point.toolCallId}'.`);
    const first = mine[0];
    before = run.filter((e) => e.seq < first.seq);
    turns = before.filter((e): e is AssistantEvent => e.type === 'assistant_message');
    liveAt = { kind: 'tool', toolCallId: point.toolCallId };
    edited = { toolCallId: point.toolCallId, name: 'name' in first ? first.name : '', result: edit.result };
    label = `TOOL ${'name' in first ? first.name : ''}, iteration ${first.iteration}, turn ${turnNo}`;
  } else {
    throw bad(`A ${point.kind} step is edited as a ${point.kind}.`);
  }
  const partial = before.map((e) => copy({ ...e, runId: ids.runId }));
  return {
    ...base,
    prefix: [...earlier.map(copy), ...partial],
    nextSeq: partial.length ? partial[partial.length - 1].seq + 1 : 0,
    turns,
    outcomes: recordedOutcomesById(before),
    edited,
    liveAt,
    label,
  };
}
