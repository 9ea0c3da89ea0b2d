import { describe, expect, it } from 'vitest';
import { TraceEvent } from '../../shared/domain/trace';
import { longSession } from './long-session-fixture';
import { MAX_EVENTS, SessionTrace } from './session-trace';
import { sampleRun } from './trace-fixtures';
import { buildTraceRows, runningRunId } from './trace-rows';
import { referenceTraceRows } from '../testing/trace-rows-reference';

/** A seeded pseudo-random source, so a failing case can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The run badge as the chat pane computed it from the events: highest iteration and the run's limit. */
function progressOf(events: TraceEvent[], runId: string) {
  let iteration = 0;
  let max: number | null = null;
  for (const e of events)
    if (e.runId === runId) {
      iteration = Math.max(iteration, e.iteration);
      if (e.type === 'run_started') max = e.maxIterations;
    }
  return { runId, iteration, max };
}

const session = longSession(40);

describe('a session trace kept up to date event by event', () => {
  it('the fixture is valid trace events and has every kind of row', () => {
    for (const e of session) expect(TraceEvent.safeParse(e).success).toBe(true);
    const kinds = new Set(buildTraceRows(session).map((r) => r.kind));
    expect([...kinds].sort()).toEqual(
      ['answer', 'assistant', 'end', 'iteration', 'memory', 'notice', 'span', 'tool', 'user'].sort(),
    );
  });

  it('has, after every batch, the rows a from-scratch build gives (and the former build), in any batching', () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const trace = new SessionTrace();
      for (let i = 0; i < session.length;) {
        const size = 1 + Math.floor(next() * (next() < 0.2 ? 40 : 4));
        const batch = session.slice(i, i + size);
        // Transports may deliver an event twice (reconnects, a load racing the live stream).
        if (next() < 0.2 && i > 0) batch.unshift(session[Math.floor(next() * i)]);
        trace.add(batch);
        i += size;
        const view = trace.snapshot();
        expect(view.events).toHaveLength(Math.min(i, session.length));
        expect(view.rows).toEqual(referenceTraceRows(view.events));
        expect(view.rows).toEqual(buildTraceRows(view.events));
        expect(view.running).toBe(runningRunId(view.events));
        if (view.running) expect(view.progress).toEqual(progressOf(view.events, view.running));
      }
    }
  });

  it('ends with the same rows when a reload brings older events after newer ones', () => {
    const next = random(7);
    const trace = new SessionTrace(session.slice(session.length - 300));
    const shuffled = session.slice(0, session.length - 300).sort(() => next() - 0.5);
    for (let i = 0; i < shuffled.length; i += 50) trace.add(shuffled.slice(i, i + 50));
    const view = trace.snapshot();
    expect(view.rows).toEqual(referenceTraceRows(view.events));
  });

  it('takes a session sent newest first: older events go before, the rows are those of the whole', () => {
    const cut = session.findIndex((e) => e.runId === 'run-30');
    const trace = new SessionTrace(session.slice(cut));
    expect(trace.snapshot().rows[0]).toMatchObject({ runId: 'run-30' });
    expect(trace.addOlder(session.slice(0, cut))).toBe(true);
    const view = trace.snapshot();
    expect(view.events).toEqual(session);
    expect(view.rows).toEqual(referenceTraceRows(session));
    expect(view.running).toBe(runningRunId(session));
    expect(trace.addOlder(session.slice(0, 10))).toBe(false);
  });

  it('changes only the rows an event touches: a streamed delta makes one new row object, the rest stay', () => {
    const trace = new SessionTrace(session);
    const before = trace.snapshot();
    const last = session.at(-1)!;
    trace.add([{ ...last, seq: last.seq + 1, type: 'answer_delta', delta: 'there was ' } as TraceEvent]);
    const after = trace.snapshot();
    expect(after.rows).not.toBe(before.rows);
    expect(after.rows).toHaveLength(before.rows.length);
    const changed = after.rows.filter((r, i) => r !== before.rows[i]);
    expect(changed).toEqual([expect.objectContaining({ kind: 'answer', text: 'Once upon a time there was ' })]);
    expect(trace.snapshot()).toBe(after);
    trace.add([session[5]]);
    expect(trace.snapshot()).toBe(after);
  });

  it('keeps the newest events of a very long session, with the rows of those', () => {
    const runs: TraceEvent[] = [];
    for (let r = 0; runs.length < MAX_EVENTS + 1_500; r++) runs.push(...sampleRun(`r${r}`, 's'));
    const trace = new SessionTrace();
    for (let i = 0; i < runs.length; i += 500) trace.add(runs.slice(i, i + 500));
    const view = trace.snapshot();
    expect(view.events.length).toBeGreaterThanOrEqual(MAX_EVENTS);
    expect(view.events.length).toBeLessThanOrEqual(MAX_EVENTS + 1_000);
    expect(view.events.at(-1)).toBe(runs.at(-1));
    expect(view.rows).toEqual(referenceTraceRows(view.events));
  });
});
