import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CaseResultRecord, SuiteListing } from '../../../shared/domain/persona-test-result';
import type { TraceEvent } from '../../../shared/domain/trace';
import { fakeClient } from '../../store/fake-client';
import { sampleRun } from '../../lib/trace-fixtures';
import { TestsPane } from './TestsPane';
import { storeKit, renderInStore } from '../../testing/store-kit';

afterEach(cleanup);

const FILE = '/d/suites/calc/calc.suite.json';
const suites: SuiteListing[] = [
  {
    file: FILE,
    source: 'data',
    error: null,
    suite: {
      persona: 'calc',
      cases: [
        {
          name: 'adds',
          turns: ['2+3?'],
          brain: 'live',
          tools: {},
          assertions: [{ type: 'no_tool_errors' }],
          repeat: 1,
          threshold: 1,
        },
      ],
    },
  },
  { file: '/elsewhere/broken.suite.json', source: 'opened', error: 'broken.suite.json: not valid JSON', suite: null },
];
const events = sampleRun('run-1', 's1');
const step = { turn: 1, iteration: 1, seq: 5, name: 'add', arguments: { a: 2, b: 3 }, ok: false, error: 'boom' };
const red: CaseResultRecord = {
  resultId: 'mabc-12345678',
  testRunId: 't1',
  at: 1_700_000_000_000,
  suite: FILE,
  name: 'adds',
  passed: false,
  passedRuns: 0,
  runs: 1,
  threshold: 1,
  durationMs: 40,
  failures: [{ ok: false, label: 'no_tool_errors', message: 'add failed: boom', step }],
  attempts: [
    {
      passed: false,
      durationMs: 40,
      assertions: [{ ok: false, label: 'no_tool_errors', message: 'add failed: boom', step }],
      events: [events],
    },
  ],
};

/** A stand-in for the chat's trace view: shows what it was given. */
function FakeTrace({
  events: shown,
  step: at,
}: {
  events: TraceEvent[];
  step?: { runId: string; seq: number } | null;
}) {
  return (
    <div data-testid="fake-trace">
      {shown.length} events; step {at ? `${at.runId}#${at.seq}` : 'none'}
    </div>
  );
}

function renderPane(handlers: Parameters<typeof fakeClient>[0]) {
  const { store, ...fake } = storeKit(handlers, { selectedId: 'calc' });
  renderInStore(store, <TestsPane Trace={FakeTrace} />);
  return { fake, store };
}

describe('TestsPane', () => {
  it('says what to do when the persona has no tests', async () => {
    renderPane({ 'tests.suites': () => ({ suites: [] }), 'tests.history': () => ({ results: [] }) });
    const empty = await screen.findByTestId('tests-empty');
    expect(empty.textContent).toContain('Open a chat session and press Save as test');
    expect(screen.getByRole('button', { name: 'Run all' })).toHaveProperty('disabled', true);
  });

  it('shows a red case with its failing assertion and step beside its trace, and a suite that cannot be read', async () => {
    const { fake } = renderPane({
      'tests.suites': () => ({ suites }),
      'tests.history': () => ({ results: [red] }),
      'tests.result': () => ({ result: red }),
      'tests.run': () => ({ testRunId: 't2', total: 1 }),
    });
    const item = await screen.findByTestId('test-case');
    expect(item.getAttribute('data-status')).toBe('failed');
    expect(screen.getByTestId('suite-error').textContent).toBe('broken.suite.json: not valid JSON');
    const assertion = await screen.findByTestId('assertion');
    expect(assertion.getAttribute('data-ok')).toBe('false');
    expect(assertion.textContent).toContain('add failed: boom');
    expect(screen.getByTestId('assertion-step').textContent).toContain('step: turn 1 · iteration 1 · add');
    expect(screen.getByTestId('fake-trace').textContent).toBe(`${events.length} events; step run-1#5`);
    expect(screen.getByTestId('history-entry').getAttribute('data-passed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Re-run failed' })).toHaveProperty('disabled', false);

    fireEvent.click(screen.getByRole('button', { name: 'Run one' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'tests.run')).toBe(true));
    expect(fake.calls.find((c) => c.method === 'tests.run')?.input).toEqual({
      personaId: 'calc',
      cases: [{ suite: FILE, name: 'adds' }],
    });
    await screen.findByTestId('tests-progress');
    expect(screen.getByRole('button', { name: 'Run all' })).toHaveProperty('disabled', true);
  });
});
