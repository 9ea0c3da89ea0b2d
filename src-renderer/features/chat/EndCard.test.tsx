import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { EndCard } from './EndCard';
import { storeKit, renderInStore } from '../../testing/store-kit';

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
    renderInStore(storeKit().store, <EndCard event={event} />);
    const text = screen.getByTestId('trace-cancelled').textContent!;
    expect(text).toBe('cancelled Run stopped after 0.27 s, in iteration 2. Cancelled by the user.');
    expect(text).not.toMatch(/\(Cancelled/);
  });
});
