import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { AssistantCard } from './AssistantCard';
import { storeKit, renderInStore } from '../../testing/store-kit';

afterEach(cleanup);

const turn = (content: string, elided?: string[]): Extract<TraceEvent, { type: 'assistant_message' }> => ({
  runId: 'r1',
  seq: 2,
  at: 1,
  iteration: 1,
  type: 'assistant_message',
  content,
  toolCalls: [],
  final: true,
  durationMs: 5,
  raw: null,
  warnings: [],
  ...(elided ? { elided } : {}),
});

describe('an event with elided fields', () => {
  it('says what was too large and loads the whole event from the session file on request', async () => {
    const { store, calls } = storeKit({ 'chat.traceEvent': () => ({ event: turn('the whole answer') }) });
    act(() => store.getState().applyTrace({ sessionId: 's1', event: turn('the wh…', ['content']) }));
    const Card = () => {
      const event = store.getState().eventsBySession.s1[0] as ReturnType<typeof turn>;
      return <AssistantCard event={event} rawOpen={false} onToggleRaw={() => undefined} />;
    };
    const view = renderInStore(store, <Card />);
    expect(screen.getByTestId('elided-note').textContent).toContain('Too large to show at once: content.');
    fireEvent.click(screen.getByRole('button', { name: 'Load the full event' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'chat.traceEvent')).toBe(true));
    expect(calls.find((c) => c.method === 'chat.traceEvent')?.input).toEqual({ sessionId: 's1', runId: 'r1', seq: 2 });
    await waitFor(() =>
      expect((store.getState().eventsBySession.s1[0] as ReturnType<typeof turn>).content).toBe('the whole answer'),
    );
    view.rerender(<Card />);
    expect(screen.queryByTestId('elided-note')).toBeNull();
  });
});
