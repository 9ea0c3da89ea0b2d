import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { buildTraceRows } from '../../lib/trace-rows';
import { TraceRowView } from './TraceRowView';
import { inertRowUi } from '../../testing/fixtures';
import { storeKit, renderInStore } from '../../testing/store-kit';
import { assistantTurn } from '../../lib/trace-fixtures';

afterEach(cleanup);

const base = { runId: 'r', at: 0 };

/** A run whose forced last reply (after max_iterations 1) asked for tools again and said nothing. */
const pastLimit: TraceEvent[] = [
  {
    ...base,
    seq: 0,
    iteration: 0,
    type: 'run_started',
    sessionId: 's',
    personaId: 'p',
    personaName: 'P',
    engine: 'ovos-native-toolcall-loop',
    brain: 'b',
    model: 'm',
    maxIterations: 1,
    tools: ['calc'],
  },
  {
    ...base,
    seq: 1,
    ...assistantTurn({
      iteration: 2,
      final: true,
      durationMs: 5,
      warnings: [
        'The model asked for tools after the limit of 1 iteration: calc({"a":2}). They were not run, and it gave no answer.',
      ],
    }),
  },
  { ...base, seq: 2, iteration: 0, type: 'run_finished', answer: '', iterations: 1, limitReached: true, durationMs: 9 },
] as TraceEvent[];

describe('TraceRowView past max_iterations (issue 11.15)', () => {
  it('the answer card says the model asked for tools past the limit; the footer counts iterations as the dividers', () => {
    const rows = buildTraceRows(pastLimit);
    renderInStore(
      storeKit().store,
      rows.map((row) => <TraceRowView key={row.key} row={row} ui={inertRowUi} />),
    );
    expect(screen.getByTestId('trace-answer-warning').textContent).toBe(
      'The model asked for tools after the limit of 1 iteration: calc({"a":2}). They were not run, and it gave no answer.',
    );
    expect(screen.getByTestId('trace-iteration').textContent).toBe(
      'Final answer, asked for without tools: the limit of 1 iteration was reached',
    );
    expect(screen.getByTestId('trace-end').textContent).toBe(
      'Finished in 1 iteration (the limit), then one answer without tools · 0.01 s',
    );
  });

  it("an assistant turn whose call's arguments were not JSON says so on the call chip (issue 11.16)", () => {
    const rows = buildTraceRows([
      {
        ...base,
        seq: 0,
        ...assistantTurn({ toolCalls: [{ id: 'c1', name: 'calc', arguments: {}, rawArguments: '{"a": 1, b' }] }),
      },
    ] as TraceEvent[]);
    renderInStore(
      storeKit().store,
      rows.map((row) => <TraceRowView key={row.key} row={row} ui={inertRowUi} />),
    );
    const chip = screen.getByText('calc(arguments not JSON)');
    expect(chip.getAttribute('title')).toBe('{"a": 1, b');
  });
});
