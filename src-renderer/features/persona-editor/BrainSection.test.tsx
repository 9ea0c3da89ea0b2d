import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { PersonaEditor } from './PersonaEditor';
import { storeKit, renderInStore } from '../../testing/store-kit';
import { OpenAIBrainConfig, OPENAI_BRAIN_ID } from '../../../shared/plugins/brains/openai';
import { configJsonSchema } from '../../../shared/plugins/config-schema';
import { patchBrain } from '../../lib/persona-model';

afterEach(cleanup);

const CATALOG = {
  engines: [],
  toolboxes: [],
  pluginErrors: [],
  brains: [
    {
      id: OPENAI_BRAIN_ID,
      title: 'OpenAI-compatible',
      description: 'Any OpenAI-compatible server.',
      configSchema: configJsonSchema(OpenAIBrainConfig),
      source: 'builtin' as const,
    },
  ],
};

function mount(models: string[] = [], brain: Record<string, unknown> = {}) {
  const { store, calls } = storeKit(
    {
      'brains.models': () => ({ models }),
      'brains.test': () => ({ ok: true, latencyMs: 3, models, error: null }),
    },
    { catalog: CATALOG },
  );
  store.getState().newDraft();
  store.getState().updateDraft((d) => patchBrain(d, brain));
  renderInStore(store, <PersonaEditor />);
  return { store, calls };
}

const brainOf = (store: ReturnType<typeof mount>['store']) => {
  const d = store.getState().draft as Record<string, Record<string, Record<string, unknown>>>;
  return d['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'];
};

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

  it('"More settings" is folded for a persona that sets none of it, and names what an imported file sets', () => {
    mount();
    const fold = screen.getByTestId('brain-more-settings') as HTMLDetailsElement;
    expect(fold.open).toBe(false);
    expect(fold.querySelector('summary')!.textContent).toBe('More settings: sampling, max tokens, stop, timeouts');
    cleanup();
    mount([], { temperature: 0.3, max_tokens: 1024, extra_params: { seed: 7 } });
    const opened = screen.getByTestId('brain-more-settings') as HTMLDetailsElement;
    expect(opened.open).toBe(true);
    expect(opened.querySelector('summary')!.textContent).toBe(
      'More settings: sampling, max tokens, stop, timeouts (temperature 0.3 · max tokens 1024 · extra request fields)',
    );
    expect((screen.getByLabelText('Temperature') as HTMLInputElement).value).toBe('0.3');
  });

  it('a temperature typed in More settings goes into the brain block, and emptied it is left out', () => {
    const { store } = mount([], { temperature: 0.3 });
    const field = screen.getByLabelText('Temperature') as HTMLInputElement;
    act(() => void fireEvent.change(field, { target: { value: '0.9' } }));
    expect(brainOf(store).temperature).toBe(0.9);
    act(() => void fireEvent.change(field, { target: { value: '' } }));
    expect('temperature' in brainOf(store)).toBe(false);
    expect(brainOf(store).model).toBe('qwen2.5');
  });

  it('extra request fields are typed as JSON: values keep their types; a broken text says why and changes nothing', () => {
    const { store } = mount([], { extra_params: { seed: 7 } });
    const box = screen.getByLabelText('Extra request fields (JSON)') as HTMLTextAreaElement;
    expect(JSON.parse(box.value)).toEqual({ seed: 7 });
    act(() => void fireEvent.change(box, { target: { value: '{"seed": 8, "reasoning_effort": "low"}' } }));
    expect(brainOf(store).extra_params).toEqual({ seed: 8, reasoning_effort: 'low' });
    act(() => void fireEvent.change(box, { target: { value: '{"seed": 9,' } }));
    expect(box.value).toBe('{"seed": 9,');
    expect(screen.getByTestId('error-brain-ovos-chat-openai-plugin_extra_params').textContent).toMatch(
      /^Not valid JSON: .* Not applied: the persona keeps what it had\.$/,
    );
    expect(brainOf(store).extra_params).toEqual({ seed: 8, reasoning_effort: 'low' });
    act(() => void fireEvent.change(box, { target: { value: '' } }));
    expect('extra_params' in brainOf(store)).toBe(false);
  });

  it('extra request fields changed elsewhere (Edit JSON, the file) show as they now are; typed ones keep their text', () => {
    const { store } = mount([], { extra_params: { seed: 7 } });
    const box = screen.getByLabelText('Extra request fields (JSON)') as HTMLTextAreaElement;
    act(() => void fireEvent.change(box, { target: { value: '{"seed":8}' } }));
    expect(box.value).toBe('{"seed":8}');
    act(() => store.getState().updateDraft((d) => patchBrain(d, { extra_params: { seed: 9 } })));
    expect(JSON.parse(box.value)).toEqual({ seed: 9 });
  });
});
