import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { createAppStore } from '../../store';
import { StoreProvider } from '../../store/context';
import { fakeClient } from '../../store/fake-client';
import { EndCard } from './EndCard';

afterEach(cleanup);

describe('EndCard', () => {
  it('says once that the run was cancelled, when, and why', () => {
    const event = {
      type: 'run_cancelled',
      runId: 'r',
      seq: 4,
      at: 0,
      iteration: 2,
      reason: 'Cancelled by the user.',
      durationMs: 270,
    } as TraceEvent & { type: 'run_cancelled' };
    render(
      <StoreProvider store={createAppStore(fakeClient({}).client)}>
        <EndCard event={event} />
      </StoreProvider>,
    );
    const text = screen.getByTestId('trace-cancelled').textContent!;
    expect(text).toBe('cancelled Run stopped after 0.27 s, in iteration 2. Cancelled by the user.');
    expect(text).not.toMatch(/\(Cancelled/);
  });
});
