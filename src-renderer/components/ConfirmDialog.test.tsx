import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createAppStore } from '../store';
import { StoreProvider } from '../store/context';
import { fakeClient } from '../store/fake-client';
import { ConfirmDialog } from './ConfirmDialog';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('keeps Tab inside the dialog, cancels with Esc and gives the focus back', () => {
    const store = createAppStore(fakeClient({}).client);
    render(
      <StoreProvider store={store}>
        <button data-testid="opener">Delete</button>
        <ConfirmDialog />
      </StoreProvider>,
    );
    const opener = screen.getByTestId('opener');
    opener.focus();
    let confirmed = false;
    act(() =>
      store.getState().askConfirm({
        title: 'Delete it?',
        message: 'Gone for good.',
        confirmLabel: 'Delete',
        danger: true,
        onConfirm: () => (confirmed = true),
      }),
    );
    const dialog = screen.getByRole('dialog');
    expect(document.activeElement?.textContent, 'a dangerous action starts on the safe button').toBe('Cancel');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement?.textContent).toBe('Delete');
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(confirmed).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('starts a harmless confirmation on its confirm button', () => {
    const store = createAppStore(fakeClient({}).client);
    render(
      <StoreProvider store={store}>
        <ConfirmDialog />
      </StoreProvider>,
    );
    act(() =>
      store.getState().askConfirm({
        title: 'Reload?',
        message: 'Reads the file again.',
        confirmLabel: 'Reload',
        onConfirm: () => undefined,
      }),
    );
    expect(document.activeElement?.textContent).toBe('Reload');
  });
});
