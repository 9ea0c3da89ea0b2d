import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { BusStatus, Settings } from '../../../shared/ipc/contract';
import { BusSettings } from './BusSettings';
import { storeKit, renderInStore } from '../../testing/store-kit';

afterEach(cleanup);

function setup(answer: (url: string | null) => BusStatus) {
  let settings: Settings = { theme: 'system', busUrl: null };
  const kit = storeKit({
    'settings.get': () => settings,
    'settings.save': (input: Settings) => (settings = input),
    'settings.busStatus': () => answer(settings.busUrl),
  });
  renderInStore(kit.store, <BusSettings />);
  return kit;
}

describe('BusSettings', () => {
  it('is off by default; Connect saves the URL and shows that the toolboxes answer on that bus', async () => {
    const { calls, store } = setup((url) =>
      url
        ? { url, connected: true, toolboxes: 3, error: null }
        : { url: null, connected: false, toolboxes: 0, error: null },
    );
    await store.getState().loadSettings();
    fireEvent.click(screen.getByTestId('bus-toggle'));
    expect(screen.getByTestId('bus-toggle').textContent).toBe('OVOS bus: off');
    await waitFor(() => expect(screen.getByTestId('bus-status').textContent).toContain('Off.'));
    fireEvent.change(screen.getByLabelText('OVOS messagebus URL'), { target: { value: 'ws://127.0.0.1:8181/core' } });
    fireEvent.click(screen.getByTestId('bus-connect'));
    await waitFor(() =>
      expect(screen.getByTestId('bus-status').textContent).toBe(
        'Connected to ws://127.0.0.1:8181/core: 3 toolboxes answer OVOS agents there.',
      ),
    );
    expect(calls.filter((c) => c.method === 'settings.save').at(-1)?.input).toEqual({
      theme: 'system',
      busUrl: 'ws://127.0.0.1:8181/core',
    });
    expect(screen.getByTestId('bus-toggle').textContent).toBe('OVOS bus: on');
    // The status arrives a tick before the save settles; Turn off is disabled until then.
    await waitFor(() => expect((screen.getByTestId('bus-off') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('bus-off'));
    await waitFor(() => expect(screen.getByTestId('bus-toggle').textContent).toBe('OVOS bus: off'));
  });

  it('says why it is not connected, and refuses an address that is not ws://', async () => {
    const { store } = setup((url) => ({
      url,
      connected: false,
      toolboxes: 0,
      error: url ? `Cannot connect to the bus at ${url}: connect ECONNREFUSED` : null,
    }));
    await store.getState().loadSettings();
    fireEvent.click(screen.getByTestId('bus-toggle'));
    fireEvent.change(screen.getByLabelText('OVOS messagebus URL'), { target: { value: 'http://example' } });
    expect((screen.getByTestId('bus-connect') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('OVOS messagebus URL'), { target: { value: 'ws://127.0.0.1:9/core' } });
    fireEvent.click(screen.getByTestId('bus-connect'));
    await waitFor(() =>
      expect(screen.getByTestId('bus-status').textContent).toContain(
        'Not connected: Cannot connect to the bus at ws://127.0.0.1:9/core',
      ),
    );
    expect(screen.getByTestId('bus-toggle').textContent).toBe('OVOS bus: not connected');
  });
});
