import { describe, expect, it, vi } from 'vitest';
import type { TraceEvent } from '../../shared/domain/trace';
import { sampleRun, traceOf } from '../lib/trace-fixtures';
import { buildTraceRows } from '../lib/trace-rows';
import { MAX_EVENTS } from '../lib/session-trace';
import { activeProgress, activeRunId, currentRows } from './chat-selectors';
import { fakeClient } from './fake-client';
import { bindEvents, createAppStore } from '.';

const frame = () => new Promise<void>((resolve) => setTimeout(resolve, 40));

function streamingStore() {
  const fake = fakeClient({ 'chat.sessions': () => ({ sessions: [] }) });
  const store = createAppStore(fake.client);
  bindEvents(store, fake.client);
  store.setState({ sessionId: 's1' });
  let changes = 0;
  store.subscribe(() => changes++);
  return { fake, store, changes: () => changes };
}

describe('the chat trace in the store', () => {
  it('applies streamed deltas once per frame, in one state change, and the rows show them', async () => {
    const { fake, store, changes } = streamingStore();
    const [started, user] = sampleRun('r1', 's1');
    fake.emit('chat.trace', { sessionId: 's1', event: started });
    fake.emit('chat.trace', { sessionId: 's1', event: user });
    const before = changes();
    const words = Array.from({ length: 50 }, (_, i) => `w${i} `);
    const deltas = traceOf(
      'r1',
      words.map((delta) => ({ type: 'answer_delta', iteration: 1, delta })),
    );
    for (const d of deltas) fake.emit('chat.trace', { sessionId: 's1', event: { ...d, seq: d.seq + 2 } });
    expect(changes()).toBe(before);
    await frame();
    expect(changes()).toBe(before + 1);
    expect(currentRows(store.getState()).at(-1)).toMatchObject({
      kind: 'answer',
      text: words.join(''),
      streaming: true,
    });
    expect(activeRunId(store.getState())).toBe('r1');
    expect(activeProgress(store.getState())).toEqual({ runId: 'r1', iteration: 1, max: 5 });
  });

  it('puts waiting deltas before the next other event, so rows come in the order the events did', () => {
    const { fake, store } = streamingStore();
    const events = sampleRun('r1', 's1');
    for (const event of events) fake.emit('chat.trace', { sessionId: 's1', event });
    expect(currentRows(store.getState())).toEqual(buildTraceRows(events));
    expect(activeRunId(store.getState())).toBeNull();
  });

  it('rebuilds the rows when an opened session brings older events after live ones', async () => {
    const older: TraceEvent[] = sampleRun('r0', 's1');
    const live = sampleRun('r1', 's1');
    const fake = fakeClient({
      'chat.loadSession': () => ({ events: [...older, ...live], warnings: [], interruptedRunIds: [] }),
      'chat.sessions': () => ({ sessions: [] }),
    });
    const store = createAppStore(fake.client);
    bindEvents(store, fake.client);
    for (const event of live.slice(0, 4)) fake.emit('chat.trace', { sessionId: 's1', event });
    await store.getState().openSession('s1');
    expect(currentRows(store.getState())).toEqual(buildTraceRows([...live.slice(0, 4), ...older, ...live]));
  });

  it('opens a long session with its newest events first, then the rest it keeps after that paint', async () => {
    const events = longSession(5_000);
    const fake = pagedFake(events);
    const store = createAppStore(fake.client);
    await store.getState().openSession('s1');
    const first = currentRows(store.getState());
    expect(first.length).toBeLessThan(buildTraceRows(events).length / 2);
    expect(first.at(-1)).toEqual(buildTraceRows(events).at(-1));
    await olderLoaded(fake);
    expect(currentRows(store.getState())).toEqual(buildTraceRows(events));
    expect(store.getState().earlierBySession.s1).toBeNull();
    expect(fake.calls.filter((c) => c.method === 'chat.loadSession')).toHaveLength(2);
  });

  it('a session longer than the window keeps the newest events and loads earlier ones on demand, losing none', async () => {
    const events = longSession(MAX_EVENTS + 7_000);
    const fake = pagedFake(events);
    const store = createAppStore(fake.client);
    await store.getState().openSession('s1');
    await olderLoaded(fake);
    expect(store.getState().eventsBySession.s1).toEqual(events.slice(-MAX_EVENTS));
    expect(store.getState().earlierBySession.s1).toMatchObject({ count: 7_000, loading: false });
    await store.getState().loadEarlier();
    expect(store.getState().earlierBySession.s1).toMatchObject({ count: 2_000 });
    await store.getState().loadEarlier();
    expect(store.getState().earlierBySession.s1).toBeNull();
    expect(store.getState().eventsBySession.s1).toEqual(events);
    expect(currentRows(store.getState())).toEqual(buildTraceRows(events));
  });

  it('when the older events cannot be loaded after the first paint, the newest stay and a retry is offered', async () => {
    const events = longSession(5_000);
    const paged = pagedFake(events);
    let failures = 1;
    const fake = fakeClient({
      'chat.loadSession': async (input: { before?: number }) => {
        if (input.before !== undefined && failures-- > 0) return { code: 'internal', message: 'disk gone' };
        return paged.client.call('chat.loadSession', input as never);
      },
    });
    const store = createAppStore(fake.client);
    await store.getState().openSession('s1');
    await olderLoaded(fake);
    expect(store.getState().toasts.map((t) => t.text)).toEqual(['Earlier events could not be loaded: disk gone']);
    expect(currentRows(store.getState()).at(-1)).toEqual(buildTraceRows(events).at(-1));
    expect(store.getState().earlierBySession.s1).toMatchObject({ loading: false });
    await store.getState().loadEarlier();
    expect(store.getState().eventsBySession.s1).toEqual(events);
  });

  it('a warning the pages of one opening repeat is shown once; opening the session again shows it again', async () => {
    const events = longSession(5_000);
    const paged = pagedFake(events);
    const fake = fakeClient({
      'chat.loadSession': async (input: never) => ({
        ...((await paged.client.call('chat.loadSession', input)) as object),
        warnings: ['2 event(s) of this session could not be written to its file.'],
      }),
    });
    const store = createAppStore(fake.client);
    const said = () => store.getState().notices.filter((n) => n.sessionId === 's1').length;
    await store.getState().openSession('s1');
    await olderLoaded(fake);
    expect(said()).toBe(1);
    await store.getState().openSession('s1');
    expect(said()).toBe(2);
  });

  it('events the window drops as new ones stream in stay reachable as earlier events', async () => {
    const events = longSession(MAX_EVENTS + 500);
    const fake = pagedFake(events);
    const store = createAppStore(fake.client);
    bindEvents(store, fake.client);
    await store.getState().openSession('s1');
    await olderLoaded(fake);
    const live: TraceEvent[] = [];
    for (let r = 0; live.length < 1_100; r++) live.push(...sampleRun(`live${r}`, 's1'));
    fake.emit('chat.trace', { sessionId: 's1', event: live[0] });
    events.push(...live);
    for (const event of live.slice(1)) fake.emit('chat.trace', { sessionId: 's1', event });
    const dropped = MAX_EVENTS + 500 + live.length - 500 - store.getState().eventsBySession.s1.length;
    expect(dropped).toBeGreaterThan(0);
    expect(store.getState().earlierBySession.s1).toEqual({ count: 500 + dropped, cursor: null, loading: false });
    await store.getState().loadEarlier();
    expect(store.getState().eventsBySession.s1).toEqual(events);
    expect(store.getState().earlierBySession.s1).toBeNull();
  });
});

/** Waits until the window asked for the events before its first page, and had the answer. */
async function olderLoaded(fake: ReturnType<typeof fakeClient>) {
  await vi.waitFor(() => expect(fake.calls.filter((c) => c.method === 'chat.loadSession')).toHaveLength(2), {
    timeout: 10_000,
  });
  await frame();
}

/** A session of about `count` events: whole scripted runs. */
function longSession(count: number): TraceEvent[] {
  const events: TraceEvent[] = [];
  for (let r = 0; events.length < count; r++) events.push(...sampleRun(`r${r}`, 's1'));
  return events.slice(0, count);
}

/** chat.loadSession as main answers it: the newest `limit` events before `before` (here an index), and the cursor. */
function pagedFake(events: TraceEvent[]) {
  return fakeClient({
    'chat.loadSession': (input: { limit?: number; before?: number }) => {
      const end = input.before ?? events.length;
      const start = input.limit === undefined ? 0 : Math.max(0, end - input.limit);
      return {
        events: events.slice(start, end),
        warnings: [],
        interruptedRunIds: [],
        ...(start ? { omitted: start, earlier: start } : {}),
      };
    },
    'chat.sessions': () => ({ sessions: [] }),
  });
}
