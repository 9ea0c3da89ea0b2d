import { describe, expect, it } from 'vitest';
import { isDirty } from './personas-slice';
import { activeRunId, currentEvents } from './chat-selectors';
import { sampleRun } from '../lib/trace-fixtures';
import type { PersonaFile } from '../../shared/domain/persona';
import type { TraceEvent } from '../../shared/domain/trace';
import { patchBrain } from '../lib/persona-model';
import { storeKit } from '../testing/store-kit';
import { sessionSummary, toolboxInfo, toolInfo } from '../testing/fixtures';

const record = (id: string, persona: PersonaFile) => ({
  id,
  path: `/data/personas/${id}.json`,
  persona,
  secretsSet: [],
});

describe('personas slice', () => {
  it('creates a persona from a new draft, and is clean after saving', async () => {
    const saved: unknown[] = [];
    const { store } = storeKit({
      'personas.save': (input: { persona: PersonaFile }) => (saved.push(input), record('helper', input.persona)),
      'personas.list': () => ({
        personas: [{ id: 'helper', name: 'Helper', description: '', engine: null, path: '/p', updatedAt: 1 }],
        broken: [],
      }),
      'toolboxes.list': () => ({ toolboxes: [] }),
    });
    store.getState().newDraft();
    store.getState().updateDraft((p) => patchBrain({ ...p, name: 'Helper' }, { api_key: '' }));
    expect(isDirty(store.getState())).toBe(true);
    expect(await store.getState().savePersona()).toBe(true);
    expect(saved[0]).toMatchObject({ id: undefined, persona: { name: 'Helper' } });
    expect(JSON.stringify(saved[0])).not.toContain('api_key');
    expect(store.getState().selectedId).toBe('helper');
    expect(isDirty(store.getState())).toBe(false);
    expect(store.getState().personas).toHaveLength(1);
  });

  it('refuses to save an invalid draft and says which field', async () => {
    const { store, calls } = storeKit({});
    store.getState().newDraft();
    store.getState().updateDraft((p) => ({ ...p, name: ' ' }));
    expect(await store.getState().savePersona()).toBe(false);
    expect(calls).toHaveLength(0);
    expect(store.getState().saveError?.details).toMatchObject({
      issues: [{ path: ['name'], message: 'A persona needs a name.' }],
    });
  });

  it("keeps main's validation issues to show on the fields", async () => {
    const { store } = storeKit({
      'personas.save': () => ({
        code: 'bad_input',
        message: 'Invalid input',
        details: { issues: [{ path: ['persona', 'handlers'], message: 'unknown engine' }] },
      }),
    });
    store.getState().newDraft();
    expect(await store.getState().savePersona()).toBe(false);
    expect(store.getState().serverIssues).toEqual([{ path: ['persona', 'handlers'], message: 'unknown engine' }]);
    expect(isDirty(store.getState())).toBe(true);
  });
});

describe('tools slice', () => {
  it('records every manual call, result or error, newest first', async () => {
    let n = 0;
    const { store } = storeKit({
      'tools.call': () =>
        ++n === 1
          ? { result: { sum: 3 }, durationMs: 4 }
          : {
              code: 'tool_input_invalid',
              message: 'bad',
              details: { issues: [{ path: ['a'], message: 'Expected number' }] },
            },
    });
    const ref = { toolboxId: 'math', name: 'add' };
    await store.getState().callTool(ref, { a: 1, b: 2 });
    const second = await store.getState().callTool(ref, { a: 'x' });
    expect(second.outcome).toMatchObject({ ok: false, error: { code: 'tool_input_invalid' } });
    const h = store.getState().history['math/add'];
    expect(h.map((e) => e.outcome.ok)).toEqual([false, true]);
    expect(h[1].outcome).toMatchObject({ result: { sum: 3 }, durationMs: 4 });
  });

  it('opens a traced call in its form with the model arguments, by the name the model saw', () => {
    const { store } = storeKit(
      {},
      {
        toolboxes: [
          toolboxInfo({
            tools: [
              toolInfo('add', {
                modelName: 'math__add',
                openai: { type: 'function', function: { name: 'math__add' } },
              }),
            ],
          }),
        ],
      },
    );
    expect(store.getState().openToolCall(null, 'math__add', { a: 1 })).toBe(true);
    expect(store.getState()).toMatchObject({
      tab: 'tools',
      selectedTool: { toolboxId: 'math', name: 'add' },
      prefill: { args: { a: 1 } },
    });
    expect(store.getState().openToolCall(null, 'gone', {})).toBe(false);
  });
});

/** Sends 'hi' where main emits the first `early` events of the run before chat.send answers. */
async function sendEmitting(events: TraceEvent[], early: number, runId: string, sessionId: string) {
  const { store, ...fake } = storeKit(
    {
      'chat.send': () => {
        for (const event of events.slice(0, early)) fake.emit('chat.trace', { sessionId, event });
        return { runId, sessionId };
      },
      'chat.sessions': () => ({ sessions: [] }),
    },
    { selectedId: 'calc' },
  );
  await store.getState().send('hi');
  return { fake, store };
}

describe('chat slice', () => {
  it('keeps trace events that arrive before chat.send answers, once each', async () => {
    const events = sampleRun('r1', 's1');
    const { fake, store } = await sendEmitting(events, 3, 'r1', 's1');
    expect(activeRunId(store.getState())).toBe('r1');
    for (const event of events) fake.emit('chat.trace', { sessionId: 's1', event });
    expect(currentEvents(store.getState())).toHaveLength(events.length);
    expect(activeRunId(store.getState())).toBeNull();
  });

  it('is not left "running" when the whole run ends before chat.send answers', async () => {
    const events = sampleRun('r2', 's2');
    const { store } = await sendEmitting(events, events.length, 'r2', 's2');
    expect(activeRunId(store.getState())).toBeNull();
  });

  it('cancels the active run', async () => {
    const cancelled: unknown[] = [];
    const { store } = storeKit({ 'chat.cancel': (i: unknown) => (cancelled.push(i), { cancelled: true }) });
    store.getState().applyTrace({ sessionId: 's1', event: sampleRun('r9', 's1')[0] });
    store.setState({ sessionId: 's1' });
    await store.getState().cancelRun();
    expect(cancelled).toEqual([{ runId: 'r9' }]);
  });

  it('reopens a stored session', async () => {
    const { store } = storeKit({
      'chat.loadSession': () => ({
        session: sessionSummary({ sessionId: 's2' }),
        events: sampleRun('r2', 's2'),
      }),
    });
    await store.getState().openSession('s2');
    expect(store.getState().sessionId).toBe('s2');
    expect(currentEvents(store.getState()).at(-1)?.type).toBe('run_finished');
  });
});

describe('ui slice', () => {
  it('saves the theme through settings', async () => {
    const saved: unknown[] = [];
    const { store } = storeKit({
      'settings.get': () => ({ theme: 'system', busUrl: null }),
      'settings.save': (s: unknown) => (saved.push(s), s),
    });
    await store.getState().loadSettings();
    await store.getState().setTheme('dark');
    expect(saved).toEqual([{ theme: 'dark', busUrl: null }]);
    expect(store.getState().theme).toBe('dark');
  });
});

describe('persona selection', () => {
  it('keeps the latest selection when an earlier one answers last', async () => {
    let releaseSlow: () => void = () => undefined;
    const persona = (name: string) => ({ name, handlers: ['ovos-native-toolcall-loop'] });
    const { store } = storeKit({
      'personas.get': (input: { id: string }) =>
        input.id === 'slow'
          ? new Promise((r) => (releaseSlow = () => r(record('slow', persona('Slow')))))
          : record(input.id, persona('Fast')),
      'toolboxes.list': () => ({ toolboxes: [] }),
      'chat.sessions': () => ({ sessions: [] }),
    });
    const slow = store.getState().selectPersona('slow');
    await store.getState().selectPersona('fast');
    releaseSlow();
    await slow;
    expect(store.getState().selectedId).toBe('fast');
    expect(store.getState().draft?.name).toBe('Fast');
  });

  it("keeps the picked persona's sessions when an earlier persona's listing answers last", async () => {
    let releaseSlow: () => void = () => undefined;
    const persona = (name: string) => ({ name, handlers: ['ovos-native-toolcall-loop'] });
    const { store } = storeKit({
      'personas.get': (input: { id: string }) => record(input.id, persona(input.id)),
      'toolboxes.list': () => ({ toolboxes: [] }),
      'chat.sessions': (input: { personaId: string }) =>
        input.personaId === 'slow'
          ? new Promise((r) => (releaseSlow = () => r({ sessions: [] })))
          : { sessions: [sessionSummary({ sessionId: 'long', personaId: 'fast', title: 'Question 0' })] },
    });
    // The first persona is picked (its sessions are being listed, slowly), then the second.
    await store.getState().selectPersona('slow');
    await store.getState().selectPersona('fast');
    await new Promise((r) => setTimeout(r, 0));
    releaseSlow();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().selectedId).toBe('fast');
    expect(store.getState().sessions.map((x) => x.title)).toEqual(['Question 0']);
  });
});
