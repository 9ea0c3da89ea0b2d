import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { sampleRun } from '../../lib/trace-fixtures';
import { storeKit, renderInStore } from '../../testing/store-kit';
import { EarlierEvents } from './EarlierEvents';

afterEach(cleanup);

describe('EarlierEvents', () => {
  it('says how many events of a long session are not shown, and loads them on a click', async () => {
    const events: TraceEvent[] = [];
    for (let r = 0; events.length < 26_000; r++) events.push(...sampleRun(`r${r}`, 's1'));
    const { store } = storeKit({
      'chat.loadSession': (input: { limit?: number; before?: number }) => {
        const end = input.before ?? events.length;
        const start = Math.max(0, end - (input.limit ?? end));
        return {
          events: events.slice(start, end),
          warnings: [],
          interruptedRunIds: [],
          ...(start ? { omitted: start, earlier: start } : {}),
        };
      },
    });
    renderInStore(store, <EarlierEvents />);
    await act(() => store.getState().openSession('s1'));
    const older = events.length - 20_000;
    await vi.waitFor(
      () =>
        expect(screen.getByTestId('earlier-events').textContent).toBe(
          `${older.toLocaleString('en')} earlier events are not shown. Load earlier events`,
        ),
      { timeout: 10_000 },
    );
    await act(async () => fireEvent.click(screen.getByTestId('load-earlier')));
    expect(store.getState().eventsBySession.s1).toEqual(events.slice(-25_000));
    expect(screen.getByTestId('earlier-events').textContent).toMatch(/^1,0\d\d earlier events are not shown/);
    await act(async () => fireEvent.click(screen.getByTestId('load-earlier')));
    expect(screen.queryByTestId('earlier-events')).toBeNull();
    expect(store.getState().eventsBySession.s1).toEqual(events);
  });
});
