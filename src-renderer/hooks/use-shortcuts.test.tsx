import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { useShortcuts } from './use-shortcuts';
import { storeKit, renderInStore } from '../testing/store-kit';

afterEach(cleanup);

function Shortcuts() {
  useShortcuts();
  return null;
}

describe('useShortcuts', () => {
  it('Ctrl/Cmd+1/2/3 switch to Editor, Tools and Chat', () => {
    const store = storeKit().store;
    renderInStore(store, <Shortcuts />);
    act(() => void fireEvent.keyDown(window, { key: '2', ctrlKey: true }));
    expect(store.getState().tab).toBe('tools');
    act(() => void fireEvent.keyDown(window, { key: '3', metaKey: true }));
    expect(store.getState().tab).toBe('chat');
    act(() => void fireEvent.keyDown(window, { key: '1', ctrlKey: true }));
    expect(store.getState().tab).toBe('editor');
    act(() => void fireEvent.keyDown(window, { key: '2' }));
    expect(store.getState().tab, 'a plain digit is typing, not a shortcut').toBe('editor');
  });
});
