import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createAppStore } from '../../store';
import { StoreProvider } from '../../store/context';
import { fakeClient } from '../../store/fake-client';
import { sampleRun } from '../../lib/trace-fixtures';
import { SaveAsTestButton } from './SaveAsTestButton';

afterEach(cleanup);

describe('Save as test', () => {
  it('is off until the session has a run that ended, then drafts a case from that session', async () => {
    const fake = fakeClient({
      'tests.draft': () => ({
        personaId: 'calc',
        suiteFile: '/d/calc.suite.json',
        case: { name: 'c', turns: ['hi'], assertions: [{ type: 'no_tool_errors' }] },
      }),
      'tests.suites': () => ({ suites: [] }),
      'tests.history': () => ({ results: [] }),
    });
    const store = createAppStore(fake.client);
    store.setState({ selectedId: 'calc' });
    render(
      <StoreProvider store={store}>
        <SaveAsTestButton />
      </StoreProvider>,
    );
    const button = screen.getByRole('button', { name: 'Save as test' });
    expect(button).toHaveProperty('disabled', true);
    const events = sampleRun('r1', 's1');
    store.setState({ sessionId: 's1' });
    for (const event of events.slice(0, 4)) store.getState().applyTrace({ sessionId: 's1', event });
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    for (const event of events.slice(4)) store.getState().applyTrace({ sessionId: 's1', event });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    await waitFor(() => expect(store.getState().caseDraft?.personaId).toBe('calc'));
    expect(fake.calls.find((c) => c.method === 'tests.draft')?.input).toEqual({ sessionId: 's1' });
  });
});
