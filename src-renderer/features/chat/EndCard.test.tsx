import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
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

  it('links a brain that could not be made to the brain settings; another persona_invalid not', () => {
    const { store } = storeKit();
    store.getState().newDraft();
    store.getState().updateDraft((p) => ({
      ...p,
      'ovos-native-toolcall-loop': {
        ...(p['ovos-native-toolcall-loop'] as object),
        brain: 'ovos-claude-plugin',
        'ovos-claude-plugin': { api_url: 'http://127.0.0.1:9/v1' },
      },
    }));
    const failed = (id: string) =>
      ({
        runId: 'r',
        seq: 4,
        at: 0,
        iteration: 0,
        durationMs: 3,
        type: 'run_failed',
        error: { code: 'persona_invalid', message: `Unknown brain '${id}'.`, details: { id } },
      }) as TraceEvent & { type: 'run_failed' };
    const { unmount } = renderInStore(store, <EndCard event={failed('ovos-claude-plugin')} />);
    // Not an unreachable server: no "Tried <url>" hint, only the way to the settings.
    expect(screen.getByTestId('trace-failed').textContent).not.toContain('Tried');
    fireEvent.click(screen.getByRole('button', { name: 'Open the brain settings' }));
    expect(store.getState().tab).toBe('editor');
    unmount();
    renderInStore(store, <EndCard event={failed('weather-tools')} />);
    expect(screen.queryByRole('button', { name: 'Open the brain settings' })).toBeNull();
  });

  it('offers to try a failed or cancelled run again, and a finished one not', () => {
    const base = { runId: 'r', seq: 4, at: 0, iteration: 1, durationMs: 30 };
    const failed = {
      ...base,
      type: 'run_failed',
      error: { code: 'brain_unreachable', message: 'Cannot reach the brain.' },
    } as TraceEvent & { type: 'run_failed' };
    const onRetry = vi.fn();
    const { unmount } = renderInStore(storeKit().store, <EndCard event={failed} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try again…' }));
    expect(onRetry).toHaveBeenCalledOnce();
    unmount();
    const cancelled = { ...base, type: 'run_cancelled', reason: 'Cancelled by the user.' } as TraceEvent & {
      type: 'run_cancelled';
    };
    renderInStore(storeKit().store, <EndCard event={cancelled} onRetry={onRetry} />);
    expect(screen.getByTestId('trace-cancelled').querySelector('[data-testid="try-again"]')).not.toBeNull();
    cleanup();
    const finished = { ...base, type: 'run_finished', answer: '5', iterations: 1 } as TraceEvent & {
      type: 'run_finished';
    };
    renderInStore(storeKit().store, <EndCard event={finished} onRetry={onRetry} />);
    expect(screen.queryByTestId('try-again')).toBeNull();
  });
});
