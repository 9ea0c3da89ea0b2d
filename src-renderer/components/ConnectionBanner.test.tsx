import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createAppStore } from '../store';
import { StoreProvider } from '../store/context';
import { fakeClient } from '../store/fake-client';
import { ConnectionBanner } from './ConnectionBanner';

afterEach(cleanup);

describe('ConnectionBanner', () => {
  it('says it is retrying, that unsaved edits are kept, and that a restarted serve has a new address', () => {
    const store = createAppStore(fakeClient({}).client);
    render(
      <StoreProvider store={store}>
        <ConnectionBanner />
      </StoreProvider>,
    );
    expect(screen.queryByTestId('connection-lost')).toBeNull();
    act(() => {
      store.getState().newDraft();
      store.getState().setConnection('lost');
    });
    const text = screen.getByTestId('connection-lost').textContent!;
    expect(text).toContain('retrying');
    expect(text).toContain('unsaved changes stay in this window');
    expect(text).toContain('open the new address it printed');
    expect(screen.getByRole('button', { name: 'Reload' }).title).toContain('loses the unsaved changes');
    act(() => store.getState().setConnection('open'));
    expect(screen.queryByTestId('connection-lost')).toBeNull();
  });
});
