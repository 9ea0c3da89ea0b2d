import { diffJson, diffWords } from 'diff';
import type { z } from 'zod';
import {
  type DiffPart,
  type Ending,
  type IterationDiff,
  type RunDiff,
  type Side,
  type ToolDiff,
  type ToolSide,
  type TurnDiff,
} from './run-diff-schema';
import type { TraceEvent } from './trace';

export { DiffPart, IterationDiff, RunDiff, ToolDiff, TurnDiff } from './run-diff-schema';

type Ev<T extends TraceEvent['type']> = Extract<TraceEvent, { type: T }>;

interface Turn {
  user: string | null;
  iterations: Map<number, { text: string | null; tools: ToolCallSide[] }>;
  end: z.infer<typeof Ending>;
  iterationCount: number;
  durationMs: number | null;
  tokens: number | null;
}
type ToolCallSide = z.infer<typeof ToolSide> & { name: string };

/** Object keys sorted, so two JSON values compare by content. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  return value;
}
const same = (a: unknown, b: unknown) => JSON.stringify(stable(a)) === JSON.stringify(stable(b));

/** The turns of a session's events: per run, in order, its user message, iterations, tool calls and ending. */
function turnsOf(events: TraceEvent[]): Turn[] {
  const runs = new Map<string, TraceEvent[]>();
  for (const e of events) runs.set(e.runId, [...(runs.get(e.runId) ?? []), e]);
  return [...runs.values()].map((list) => {
    list.sort((x, y) => x.seq - y.seq);
    const turn: Turn = {
      user: null,
      iterations: new Map(),
      end: { status: 'open', text: '' },
      iterationCount: 0,
      durationMs: null,
      tokens: null,
    };
    const iteration = (n: number) => {
      let it = turn.iterations.get(n);
      if (!it) turn.iterations.set(n, (it = { text: null, tools: [] }));
      return it;
    };
    const calls = new Map<string, ToolCallSide>();
    for (const e of list) {
      if (e.type === 'user_message') turn.user = e.content;
      else if (e.type === 'assistant_message') {
        if (!e.final) iteration(e.iteration).text = e.content;
        if (e.usage) turn.tokens = (turn.tokens ?? 0) + e.usage.promptTokens + e.usage.completionTokens;
      } else if (e.type === 'tool_started') {
        const call = { name: e.name, toolCallId: e.toolCallId, arguments: e.arguments, outcome: null, ok: false };
        calls.set(e.toolCallId, call);
        iteration(e.iteration).tools.push(call);
      } else if (e.type === 'tool_result' || e.type === 'tool_error') {
        let call = calls.get(e.toolCallId);
        if (!call) {
          call = { name: e.name, toolCallId: e.toolCallId, arguments: e.arguments, outcome: null, ok: false };
          iteration(e.iteration).tools.push(call);
        }
        call.arguments = e.arguments;
        call.ok = e.type === 'tool_result';
        call.outcome =
          e.type === 'tool_result'
            ? (e as Ev<'tool_result'>).result
            : { error: (e as Ev<'tool_error'>).error.code, message: (e as Ev<'tool_error'>).error.message };
      } else if (e.type === 'run_finished') {
        turn.end = { status: 'finished', text: e.answer };
        turn.iterationCount = e.iterations;
        turn.durationMs = e.durationMs;
      } else if (e.type === 'run_failed') {
        turn.end = { status: 'failed', text: `${e.error.code}: ${e.error.message}` };
        turn.durationMs = e.durationMs;
      } else if (e.type === 'run_cancelled') {
        turn.end = { status: 'cancelled', text: e.reason };
        turn.durationMs = e.durationMs;
      }
    }
    if (turn.end.status !== 'finished')
      turn.iterationCount = Math.max(0, ...[...turn.iterations.keys()].filter((n) => n > 0));
    return turn;
  });
}

const json = (v: unknown) => `${JSON.stringify(stable(v), null, 2) ?? 'null'}\n`;
/** A JSON diff as line parts (both sides' values pretty-printed, keys sorted). */
function jsonParts(a: unknown, b: unknown): DiffPart[] {
  return diffJson(json(a), json(b)).map(part);
}
const part = (p: { value: string; added?: boolean; removed?: boolean }): DiffPart => ({
  value: p.value,
  ...(p.added ? { added: true } : {}),
  ...(p.removed ? { removed: true } : {}),
});

/** Pairs each call of A with the first unpaired call of B of the same name; the rest are added or removed. */
function diffTools(a: ToolCallSide[], b: ToolCallSide[]): ToolDiff[] {
  const used = new Set<number>();
  const out: ToolDiff[] = [];
  const side = (c: ToolCallSide) => ({
    toolCallId: c.toolCallId,
    arguments: c.arguments,
    outcome: c.outcome,
    ok: c.ok,
  });
  for (const ca of a) {
    const j = b.findIndex((cb, k) => !used.has(k) && cb.name === ca.name);
    if (j < 0) {
      out.push({
        name: ca.name,
        status: 'removed',
        a: side(ca),
        b: null,
        argumentsChanged: true,
        outcomeChanged: true,
        argumentsDiff: jsonParts(ca.arguments, null).filter((p) => !p.added),
        outcomeDiff: jsonParts(ca.outcome, null).filter((p) => !p.added),
      });
      continue;
    }
    used.add(j);
    const cb = b[j];
    const argumentsChanged = !same(ca.arguments, cb.arguments);
    const outcomeChanged = !same(ca.outcome, cb.outcome) || ca.ok !== cb.ok;
    out.push({
      name: ca.name,
      status: argumentsChanged || outcomeChanged ? 'changed' : 'same',
      a: side(ca),
      b: side(cb),
      argumentsChanged,
      outcomeChanged,
      argumentsDiff: argumentsChanged ? jsonParts(ca.arguments, cb.arguments) : [],
      outcomeDiff: outcomeChanged ? jsonParts(ca.outcome, cb.outcome) : [],
    });
  }
  b.forEach((cb, k) => {
    if (used.has(k)) return;
    out.push({
      name: cb.name,
      status: 'added',
      a: null,
      b: side(cb),
      argumentsChanged: true,
      outcomeChanged: true,
      argumentsDiff: jsonParts(null, cb.arguments).filter((p) => !p.removed),
      outcomeDiff: jsonParts(null, cb.outcome).filter((p) => !p.removed),
    });
  });
  return out;
}

function diffTurn(turn: number, a: Turn | undefined, b: Turn | undefined): TurnDiff {
  const numbers = [...new Set([...(a?.iterations.keys() ?? []), ...(b?.iterations.keys() ?? [])])].sort(
    (x, y) => x - y,
  );
  const iterations = numbers.map((n): IterationDiff => {
    const ia = a?.iterations.get(n);
    const ib = b?.iterations.get(n);
    const textA = ia?.text ?? null;
    const textB = ib?.text ?? null;
    return {
      iteration: n,
      textA,
      textB,
      textChanged: (textA ?? '') !== (textB ?? ''),
      tools: diffTools(ia?.tools ?? [], ib?.tools ?? []),
    };
  });
  const endA = a ? a.end : null;
  const endB = b ? b.end : null;
  const answerChanged = !endA || !endB || endA.status !== endB.status || endA.text !== endB.text;
  const userChanged = (a?.user ?? null) !== (b?.user ?? null);
  const changed =
    userChanged ||
    answerChanged ||
    (a?.iterationCount ?? 0) !== (b?.iterationCount ?? 0) ||
    iterations.some((i) => i.textChanged || i.tools.some((t) => t.status !== 'same'));
  return {
    turn,
    status: !a ? 'added' : !b ? 'removed' : changed ? 'changed' : 'same',
    userA: a?.user ?? null,
    userB: b?.user ?? null,
    userChanged,
    iterations,
    endA,
    endB,
    answerChanged,
    answerDiff: answerChanged ? diffWords(endA?.text ?? '', endB?.text ?? '').map(part) : [],
    iterationCount: [a?.iterationCount ?? null, b?.iterationCount ?? null],
    durationMs: [a?.durationMs ?? null, b?.durationMs ?? null],
    tokens: [a?.tokens ?? null, b?.tokens ?? null],
  };
}

function sideOf(sessionId: string, turns: Turn[]): z.infer<typeof Side> {
  const tokens = turns.some((t) => t.tokens !== null) ? turns.reduce((s, t) => s + (t.tokens ?? 0), 0) : null;
  return {
    sessionId,
    turns: turns.length,
    iterations: turns.reduce((s, t) => s + t.iterationCount, 0),
    durationMs: turns.reduce((s, t) => s + (t.durationMs ?? 0), 0),
    tokens,
  };
}

/**
 * Compares two sessions' runs: turns aligned by position, iterations by number, tool calls by name in order;
 * arguments and results as JSON diffs, answers as word diffs, and the deltas in iterations, duration and
 * tokens. Ids, times, durations and token counts never make two runs unequal.
 */
export function diffRuns(
  a: { sessionId: string; events: TraceEvent[] },
  b: { sessionId: string; events: TraceEvent[] },
): RunDiff {
  const ta = turnsOf(a.events);
  const tb = turnsOf(b.events);
  const turns = Array.from({ length: Math.max(ta.length, tb.length) }, (_, i) => diffTurn(i + 1, ta[i], tb[i]));
  return {
    equal: turns.every((t) => t.status === 'same'),
    a: sideOf(a.sessionId, ta),
    b: sideOf(b.sessionId, tb),
    turns,
  };
}
