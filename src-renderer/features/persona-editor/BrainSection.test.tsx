import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { PersonaEditor } from './PersonaEditor';
import { storeKit, renderInStore } from '../../testing/store-kit';

afterEach(cleanup);

function mount(models: string[] = []) {
  const { store, calls } = storeKit({
    'brains.models': () => ({ models }),
    'brains.test': () => ({ ok: true, latencyMs: 3, models, error: null }),
  });
  store.getState().newDraft();
  renderInStore(store, <PersonaEditor />);
  return { store, calls };
}

describe('BrainSection (OpenAI-compatible brain)', () => {
  it('an empty model is a field error and the save is refused (nothing reaches main)', async () => {
    const { store, calls } = mount();
    const model = screen.getByLabelText('Model') as HTMLInputElement;
    act(() => void fireEvent.change(model, { target: { value: '' } }));
    expect(screen.getByTestId('error-brain-model').textContent).toMatch(/needs a model/);
    expect(await act(() => store.getState().savePersona())).toBe(false);
    expect(calls.some((c) => c.method === 'personas.save')).toBe(false);
    const links = screen.getByTestId('save-error').querySelectorAll<HTMLButtonElement>('button.issue-link');
    fireEvent.click(links[0]);
    expect(document.activeElement?.id).toBe('brain-model');
  });

  it('counts models in words: "1 model", not "1 models"', async () => {
    mount(['qwen2.5']);
    await screen.findByText('1 model offered by the server.', undefined, { timeout: 2000 });
    await act(async () => fireEvent.click(screen.getByTestId('test-connection')));
    expect(screen.getByTestId('test-result').textContent).toMatch(/· 1 model$/);
  });

  it('says when the typed model is not one the server offers, and which ones it does', async () => {
    mount(['scripted-model']);
    act(() => void fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'qwen2.5' } }));
    await screen.findByText("The server does not offer 'qwen2.5': pick one of scripted-model.", undefined, {
      timeout: 2000,
    });
    act(() => void fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'scripted-model' } }));
    expect(screen.getByText('1 model offered by the server.')).toBeTruthy();
  });

  it('"The model accepts images" sets the brain\'s vision key, and unticking removes it', () => {
    const { store } = mount();
    const box = screen.getByLabelText(/The model accepts images/) as HTMLInputElement;
    expect(box.checked).toBe(false);
    act(() => void fireEvent.click(box));
    const brain = () => {
      const d = store.getState().draft as Record<string, Record<string, Record<string, unknown>>>;
      return d['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'];
    };
    expect(brain().vision).toBe(true);
    act(() => void fireEvent.click(box));
    expect('vision' in brain()).toBe(false);
  });
});
