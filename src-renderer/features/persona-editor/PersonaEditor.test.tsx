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

describe('PersonaEditor Edit JSON', () => {
  it('applies edited JSON to the form (unsaved); a broken text says why and stays as typed', async () => {
    const store = storeKit({ 'brains.models': () => ({ models: [] }) }).store;
    store.getState().newDraft();
    renderInStore(store, <PersonaEditor />);
    fireEvent.click(screen.getByRole('button', { name: 'View JSON' }));
    fireEvent.click(screen.getByTestId('edit-json'));
    const box = screen.getByTestId('persona-json-edit') as HTMLTextAreaElement;
    const persona = JSON.parse(box.value);
    fireEvent.change(box, { target: { value: '{ "name": "Calc", ' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(screen.getByTestId('persona-json-problem').textContent).toMatch(/^Not valid JSON/);
    expect((screen.getByTestId('persona-json-edit') as HTMLTextAreaElement).value).toBe('{ "name": "Calc", ');
    fireEvent.change(box, { target: { value: JSON.stringify({ ...persona, name: 'Calc', description: 'Sums' }) } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByTestId('persona-json-edit')).toBeNull();
    expect((document.getElementById('persona-name') as HTMLInputElement).value).toBe('Calc');
    expect(store.getState().draft?.description).toBe('Sums');
    expect(screen.getByTestId('persona-json').textContent).toContain('"description": "Sums"');
  });
});
