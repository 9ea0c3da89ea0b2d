import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createAppStore } from '../../store';
import { StoreProvider } from '../../store/context';
import { fakeClient } from '../../store/fake-client';
import { SaveTestDialog } from './SaveTestDialog';

afterEach(cleanup);

const proposed = {
  name: 'adds',
  turns: ['2+3?'],
  brain: 'live',
  tools: { add: { calls: [{ arguments: { a: 2, b: 3 }, result: { result: 5 } }] } },
  assertions: [{ type: 'tool_arguments', tool: 'add', contains: { a: 2, b: 3 } }],
};

async function open(existing: string[] = []) {
  const fake = fakeClient({
    'tests.draft': () => ({ personaId: 'calc', suiteFile: '/d/calc.suite.json', case: proposed }),
    'tests.suites': () => ({
      suites: existing.length
        ? [
            {
              file: '/d/calc.suite.json',
              source: 'data',
              error: null,
              suite: {
                persona: 'calc',
                cases: existing.map((name) => ({ ...proposed, name, repeat: 1, threshold: 1 })),
              },
            },
          ]
        : [],
    }),
    'tests.history': () => ({ results: [] }),
    'tests.saveCase': () => ({ file: '/d/calc.suite.json' }),
  });
  const store = createAppStore(fake.client);
  store.setState({ selectedId: 'calc' });
  render(
    <StoreProvider store={store}>
      <SaveTestDialog />
    </StoreProvider>,
  );
  await store.getState().draftTest('s1');
  await screen.findByTestId('save-test-dialog');
  return { fake, store };
}

const textarea = () => screen.getByTestId('save-test-json') as HTMLTextAreaElement;

describe('SaveTestDialog', () => {
  it('shows the proposed case; a schema problem names its field, blocks saving and keeps the text', async () => {
    const { fake } = await open();
    expect(JSON.parse(textarea().value)).toEqual(proposed);
    const bad = JSON.stringify({ ...proposed, assertions: [{ type: 'answer_contains' }] });
    fireEvent.change(textarea(), { target: { value: bad } });
    expect(screen.getByTestId('save-test-problems').textContent).toContain('assertions[0]');
    expect(screen.getByTestId('save-test')).toHaveProperty('disabled', true);
    expect(textarea().value).toBe(bad);
    fireEvent.change(textarea(), { target: { value: '{"name": ' } });
    expect(screen.getByTestId('save-test-problems').textContent).toContain('Not valid JSON');
    expect(fake.calls.some((c) => c.method === 'tests.saveCase')).toBe(false);
  });

  it('refuses a name the suite has already, then saves the edited case to the chosen suite', async () => {
    const { fake, store } = await open(['adds']);
    await waitFor(() => expect(screen.getByTestId('save-test-problems').textContent).toContain("named 'adds'"));
    fireEvent.change(textarea(), { target: { value: JSON.stringify({ ...proposed, name: 'adds again' }) } });
    fireEvent.click(screen.getByTestId('save-test'));
    await waitFor(() => expect(store.getState().caseDraft).toBeNull());
    const saved = fake.calls.find((c) => c.method === 'tests.saveCase')?.input as Record<string, unknown>;
    expect(saved).toMatchObject({ personaId: 'calc', suiteFile: '/d/calc.suite.json', case: { name: 'adds again' } });
  });

  it('Esc after edits asks before discarding them', async () => {
    const { store } = await open();
    fireEvent.change(textarea(), { target: { value: JSON.stringify({ ...proposed, name: 'x' }) } });
    fireEvent.keyDown(textarea(), { key: 'Escape' });
    expect(store.getState().caseDraft).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(JSON.parse(textarea().value).name).toBe('x');
  });
});
