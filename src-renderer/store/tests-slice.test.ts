import { describe, expect, it } from 'vitest';
import type { CaseResultSummary, SuiteListing } from '../../shared/domain/persona-test-result';
import { bindEvents, createAppStore } from './index';
import { fakeClient } from './fake-client';
import { caseKey, failedCases, latestResults } from './tests-slice';

const suite = (file: string, names: string[]): SuiteListing => ({
  file,
  source: 'data',
  error: null,
  suite: {
    persona: 'calc',
    cases: names.map((name) => ({
      name,
      turns: ['hi'],
      brain: 'live',
      tools: {},
      assertions: [{ type: 'no_tool_errors' }],
      repeat: 1,
      threshold: 1,
    })),
  },
});

const result = (
  name: string,
  passed: boolean,
  at: number,
  over: Partial<CaseResultSummary> = {},
): CaseResultSummary => ({
  resultId: `r${at}-0000000${at}`.slice(0, 12),
  testRunId: 't1',
  at,
  suite: '/d/calc.suite.json',
  name,
  passed,
  passedRuns: passed ? 1 : 0,
  runs: 1,
  threshold: 1,
  durationMs: 5,
  failures: passed ? [] : [{ ok: false, label: 'no_tool_errors', message: 'add failed: boom' }],
  ...over,
});

function setup(history: CaseResultSummary[] = []) {
  const fake = fakeClient({
    'tests.suites': () => ({ suites: [suite('/d/calc.suite.json', ['adds', 'divides'])] }),
    'tests.history': () => ({ results: history }),
    'tests.run': (input: { cases?: unknown[] }) => ({ testRunId: 't9', total: input.cases?.length ?? 2 }),
    'tests.result': (input: { resultId: string }) => ({
      result: { ...history.find((r) => r.resultId === input.resultId)!, attempts: [] },
    }),
  });
  const store = createAppStore(fake.client);
  bindEvents(store, fake.client);
  store.setState({ selectedId: 'calc' });
  return { fake, store };
}

describe('tests slice', () => {
  it('latest result per case, and the cases whose latest result failed (what Re-run failed runs)', () => {
    const history = [result('adds', true, 3), result('adds', false, 1), result('divides', false, 2)];
    expect(latestResults(history).get(caseKey({ suite: '/d/calc.suite.json', name: 'adds' }))?.passed).toBe(true);
    expect(failedCases([suite('/d/calc.suite.json', ['adds', 'divides'])], history)).toEqual([
      { suite: '/d/calc.suite.json', name: 'divides' },
    ]);
  });

  it('Re-run failed asks main to run only the failed cases', async () => {
    const { fake, store } = setup([result('adds', true, 3), result('divides', false, 2)]);
    await store.getState().loadTests('calc');
    await store.getState().rerunFailed();
    expect(fake.calls.find((c) => c.method === 'tests.run')?.input).toEqual({
      personaId: 'calc',
      cases: [{ suite: '/d/calc.suite.json', name: 'divides' }],
    });
    expect(store.getState().testRun).toMatchObject({ testRunId: 't9', total: 1, done: 0 });
  });

  it('follows progress events: running cases, results into the history, the end clears the run', async () => {
    const { fake, store } = setup();
    await store.getState().loadTests('calc');
    await store.getState().runTests();
    const base = { testRunId: 't9', personaId: 'calc', suite: '/d/calc.suite.json' };
    fake.emit('tests.progress', { ...base, name: 'adds', status: 'running', result: null });
    fake.emit('tests.progress', { ...base, name: 'divides', status: 'running', result: null });
    expect(store.getState().testRun?.running).toHaveLength(2);
    fake.emit('tests.progress', { ...base, name: 'adds', status: 'passed', result: result('adds', true, 5) });
    expect(store.getState().testRun).toMatchObject({ done: 1, total: 2 });
    expect(store.getState().testRun?.running).toEqual([caseKey({ suite: base.suite, name: 'divides' })]);
    expect(store.getState().testHistory.map((r) => r.name)).toEqual(['adds']);
    // Another persona's progress is not this screen's.
    fake.emit('tests.progress', { ...base, personaId: 'other', name: 'x', status: 'running', result: null });
    expect(store.getState().testRun?.running).toHaveLength(1);
    fake.emit('tests.finished', { testRunId: 't9', personaId: 'calc', passed: 1, failed: 1, error: null });
    expect(store.getState().testRun).toBeNull();
  });

  it('a run that cannot start shows main’s error whole', async () => {
    const { fake, store } = setup();
    await store.getState().loadTests('calc');
    await store.getState().runTests();
    fake.emit('tests.finished', {
      testRunId: 't9',
      personaId: 'calc',
      passed: 0,
      failed: 0,
      error: { code: 'bad_input', message: "/d/calc.suite.json: persona: Persona 'calc' was not found." },
    });
    expect(store.getState().testsError?.message).toContain('persona');
  });

  it('Save as test: a refused save keeps the draft text and shows the error', async () => {
    const fake = fakeClient({
      'tests.draft': () => ({
        personaId: 'calc',
        suiteFile: '/d/calc.suite.json',
        case: { name: 'c', turns: ['hi'], assertions: [{ type: 'no_tool_errors' }] },
      }),
      'tests.suites': () => ({ suites: [] }),
      'tests.history': () => ({ results: [] }),
      'tests.saveCase': () => ({ code: 'bad_input', message: "The suite already has a case named 'c': rename it." }),
    });
    const store = createAppStore(fake.client);
    store.setState({ selectedId: 'calc' });
    await store.getState().draftTest('s1');
    store.getState().editDraft({ text: '{"name": "edited"}' });
    expect(await store.getState().saveDraft({ name: 'edited' })).toBe(false);
    expect(store.getState().caseDraft).toMatchObject({
      text: '{"name": "edited"}',
      error: { code: 'bad_input', message: "The suite already has a case named 'c': rename it." },
      saving: false,
    });
  });
});
