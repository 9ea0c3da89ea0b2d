import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { currentEvents } from '../../store/chat-selectors';
import { buildTraceRows, type ToolRow } from '../../lib/trace-rows';
import { mcpResult, TINY_PNG } from '../../components/tool-result/test-fixtures';
import { ToolCard } from './ToolCard';
import { storeKit, renderInStore } from '../../testing/store-kit';

afterEach(cleanup);

const image = mcpResult([{ type: 'image', data: TINY_PNG, mimeType: 'image/png' }]);
const result = (value: unknown, elided?: string[]): TraceEvent =>
  ({
    runId: 'r1',
    seq: 3,
    at: 1,
    iteration: 1,
    type: 'tool_result',
    toolCallId: 'c1',
    name: 'read_media_file',
    toolboxId: 'ovos-mcp-toolbox',
    arguments: { path: 'big.png' },
    result: value,
    content: '[image/png]',
    durationMs: 4,
    ...(elided ? { elided } : {}),
  }) as TraceEvent;

describe('a TOOL card whose result was too large to send at once', () => {
  it('says so and loads the whole result from the session file, then shows it as content blocks', async () => {
    const { store, calls } = storeKit({ 'chat.traceEvent': () => ({ event: result(image) }) });
    act(() => {
      store.setState({ sessionId: 's1' });
      store.getState().applyTrace({
        sessionId: 's1',
        event: result('[300,123 characters: too large to send at once; load the full event]', ['result']),
      });
    });
    const Card = () => {
      const row = buildTraceRows(currentEvents(store.getState())).find((r) => r.kind === 'tool') as ToolRow;
      return <ToolCard row={row} collapsed={false} onToggle={() => undefined} onOpen={() => undefined} />;
    };
    const view = renderInStore(store, <Card />);
    expect(screen.getByTestId('elided-note').textContent).toContain('Too large to show at once: result.');
    expect(screen.queryByTestId('result-view')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load the full event' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'chat.traceEvent')?.input).toMatchObject({ seq: 3 }));
    await waitFor(() => expect(currentEvents(store.getState())[0]).toMatchObject({ result: image }));
    view.rerender(<Card />);
    expect(screen.queryByTestId('elided-note')).toBeNull();
    expect(screen.getByTestId('result-image').querySelector('img')!.getAttribute('src')).toContain(TINY_PNG);
  });
});
