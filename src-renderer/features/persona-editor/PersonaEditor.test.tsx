import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { patchEngine } from '../../lib/persona-model';
import { PersonaEditor } from './PersonaEditor';
import { storeKit, renderInStore } from '../../testing/store-kit';

afterEach(cleanup);

describe('PersonaEditor save errors', () => {
  it('links each issue of a refused save to its field', async () => {
    const store = storeKit({ 'brains.models': () => ({ models: [] }) }).store;
    store.getState().newDraft();
    renderInStore(store, <PersonaEditor />);
    act(() => store.getState().updateDraft((p) => patchEngine({ ...p, name: '' }, { max_iterations: 0 })));
    await act(async () => void (await store.getState().savePersona()));
    const links = screen.getByTestId('save-error').querySelectorAll<HTMLButtonElement>('button.issue-link');
    expect(links).toHaveLength(2);
    fireEvent.click(links[1]);
    expect(document.activeElement?.id).toBe('persona-max-iterations');
    fireEvent.click(links[0]);
    expect(document.activeElement?.id).toBe('persona-name');
  });
});
