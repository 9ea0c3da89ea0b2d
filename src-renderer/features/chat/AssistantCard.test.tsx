import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { useApp } from '../../store/context';
import { AssistantCard } from './AssistantCard';
import { renderInStore, storeKit } from '../../testing/store-kit';

afterEach(cleanup);

type Assistant = Extract<TraceEvent, { type: 'assistant_message' }>;
const request = { model: 'm', messages: [{ role: 'user', content: 'What is 2+3?' }] };
const turn = (extra: Partial<Assistant>): Assistant => ({
  runId: 'r1',
  seq: 2,
  at: 1,
  iteration: 1,
  type: 'assistant_message',
  content: 'Five.',
  toolCalls: [],
  final: true,
  durationMs: 5,
  raw: { request, response: { id: 'c1' } },
  warnings: [],
  ...extra,
});

/** The card of the session's first event, as the chat pane draws it (the raw exchange toggled by its button). */
function Card() {
  const event = useApp((s) => s.eventsBySession.s1?.[0]) as Assistant;
  const [open, setOpen] = useState(false);
  return <AssistantCard event={event} rawOpen={open} onToggleRaw={() => setOpen(!open)} />;
}

describe('the raw exchange of a turn the window got without it', () => {
  it('loads the whole event from the session file when opened, and shows the request sent and the response', async () => {
    let answer: () => void = () => undefined;
    const { store, calls } = storeKit({
      'chat.traceEvent': () => new Promise((resolve) => (answer = () => resolve({ event: turn({}) }))),
    });
    const shown = turn({ raw: { request: null, response: null }, requestChars: 12_345 });
    act(() => store.getState().applyTrace({ sessionId: 's1', event: shown }));
    renderInStore(store, <Card />);
    expect(calls.some((c) => c.method === 'chat.traceEvent')).toBe(false);
    fireEvent.click(screen.getByTestId('toggle-raw-exchange'));
    expect(screen.getByTestId('raw-request-pending').textContent).toBe(
      'Loading the request and response from the session file (the request is about 12.3k characters)…',
    );
    expect(screen.getByTestId('raw-exchange').textContent).not.toContain('response{');
    expect(calls.find((c) => c.method === 'chat.traceEvent')?.input).toEqual({ sessionId: 's1', runId: 'r1', seq: 2 });
    act(() => answer());
    await waitFor(() => expect(screen.getByTestId('raw-exchange').textContent).toContain('What is 2+3?'));
    expect(screen.getByTestId('raw-exchange').textContent).toContain('c1');
    expect(screen.queryByTestId('raw-request-pending')).toBeNull();
    expect(calls.filter((c) => c.method === 'chat.traceEvent')).toHaveLength(1);
  });

  it('says when the request could not be loaded, and tries again on request', async () => {
    let fail = true;
    const { store, calls } = storeKit({
      'chat.traceEvent': () => {
        if (fail) throw new Error('the session file is gone');
        return { event: turn({}) };
      },
    });
    act(() =>
      store.getState().applyTrace({
        sessionId: 's1',
        event: turn({ raw: { request: null, response: null }, requestChars: 80 }),
      }),
    );
    renderInStore(store, <Card />);
    fireEvent.click(screen.getByTestId('toggle-raw-exchange'));
    await waitFor(() =>
      expect(screen.getByTestId('raw-request-pending').textContent).toContain(
        'The request and response could not be loaded: the session file is gone',
      ),
    );
    expect(store.getState().toasts.at(-1)?.text).toContain('the session file is gone');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('raw-exchange').textContent).toContain('What is 2+3?'));
    expect(calls.filter((c) => c.method === 'chat.traceEvent')).toHaveLength(2);
  });
});
