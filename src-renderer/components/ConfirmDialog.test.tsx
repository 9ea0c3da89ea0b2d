import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { ConfirmDialog, type ConfirmRequest } from './ConfirmDialog';

let ask: (request: ConfirmRequest) => void = () => undefined;

/** The dialog as the app holds it: one request at a time, closed by the dialog itself. */
function Host() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  useEffect(() => {
    ask = setRequest;
  }, []);
  return <ConfirmDialog request={request} onClose={() => setRequest(null)} />;
}

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('keeps Tab inside the dialog, cancels with Esc and gives the focus back', () => {
    render(
      <>
        <button data-testid="opener">Delete</button>
        <Host />
      </>,
    );
    const opener = screen.getByTestId('opener');
    opener.focus();
    let confirmed = false;
    act(() =>
      ask({
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
    render(<Host />);
    act(() =>
      ask({
        title: 'Reload?',
        message: 'Reads the file again.',
        confirmLabel: 'Reload',
        onConfirm: () => undefined,
      }),
    );
    expect(document.activeElement?.textContent).toBe('Reload');
  });
});
