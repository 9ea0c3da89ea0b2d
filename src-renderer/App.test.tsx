import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { App } from './App';
import { storeKit, renderInStore } from './testing/store-kit';

afterEach(cleanup);

const CALC = {
  id: 'calc',
  name: 'Calculator',
  description: 'Sums',
  engine: null,
  path: '/d/personas/calc.json',
  updatedAt: 1,
};
const BAD = {
  id: 'bad',
  path: '/d/personas/bad.json',
  error: { code: 'persona_invalid', message: 'Unexpected end of JSON input' },
};

function mount(personas: unknown[], broken: unknown[]) {
  const { store } = storeKit({
    'personas.list': () => ({ personas, broken }),
    'settings.get': () => ({ theme: 'dark', busUrl: null }),
  });
  renderInStore(store, <App />);
  return store;
}

describe('App empty states', () => {
  it('with no personas, says what a persona is and offers to create one', async () => {
    const store = mount([], []);
    await act(() => store.getState().loadPersonas());
    expect(screen.getByTestId('no-personas').textContent).toContain('No personas yet');
    fireEvent.click(screen.getByRole('button', { name: 'Create a persona' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('New persona');
    expect(screen.getByTestId('dirty-mark')).toBeTruthy();
  });

  it('lists a broken persona file with its path and error, and asks to pick a persona', async () => {
    const store = mount([CALC], [BAD]);
    await act(() => store.getState().loadPersonas());
    const broken = screen.getByTestId('broken-bad').textContent!;
    expect(broken).toContain('/d/personas/bad.json');
    expect(broken).toContain('Unexpected end of JSON input');
    expect(screen.getByTestId('pick-persona')).toBeTruthy();
  });

  it('checks a broken persona file again once it is fixed', async () => {
    let fixed = false;
    const calc = CALC;
    const bad = BAD;
    const { store } = storeKit({
      'personas.list': () =>
        fixed
          ? { personas: [calc, { ...calc, id: 'bad', name: 'Bad no more' }], broken: [] }
          : { personas: [calc], broken: [bad] },
    });
    renderInStore(store, <App />);
    await act(() => store.getState().loadPersonas());
    fixed = true;
    await act(async () => fireEvent.click(screen.getByTestId('recheck-bad')));
    expect(screen.queryByTestId('broken-bad')).toBeNull();
    expect(screen.getByTestId('persona-bad').textContent).toContain('Bad no more');
  });

  it('puts the saved theme on <html>', async () => {
    const store = mount([], []);
    await act(() => store.getState().loadSettings());
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
