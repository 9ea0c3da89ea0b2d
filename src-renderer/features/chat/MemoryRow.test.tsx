import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { TraceEvent } from '../../../shared/domain/trace';
import { MemoryRow } from './MemoryRow';
import { buildTraceRows } from './trace-rows';
import { traceOf } from './trace-fixtures';

afterEach(cleanup);

type MemoryEvent = Extract<TraceEvent, { type: 'memory_context' }>;
const memoryEvent = (over: Partial<MemoryEvent>): MemoryEvent =>
  ({
    type: 'memory_context',
    runId: 'r',
    seq: 2,
    at: 0,
    iteration: 0,
    module: 'ovos-agents-short-term-memory-plugin',
    system: null,
    history: [
      { role: 'user', content: 'My name is Ana.' },
      { role: 'assistant', content: 'Hello Ana.' },
    ],
    dropped: 1,
    warning: null,
    ...over,
  }) as MemoryEvent;

describe('MemoryRow', () => {
  it('says which memory module ran and what it put into the request; unfolds to the messages', () => {
    const event = memoryEvent({ system: '## Rules\n\nGreet by name.' });
    const { rerender } = render(<MemoryRow event={event} open={false} onToggle={() => undefined} />);
    expect(screen.getByTestId('trace-memory').textContent).toContain(
      'Memory: ovos-agents-short-term-memory-plugin (2 earlier messages sent, 1 left out, a system context)',
    );
    expect(screen.queryByTestId('trace-memory-details')).toBeNull();
    let toggled = false;
    rerender(<MemoryRow event={event} open={false} onToggle={() => (toggled = true)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show what memory sent' }));
    expect(toggled).toBe(true);
    rerender(<MemoryRow event={event} open onToggle={() => undefined} />);
    expect(screen.getByTestId('trace-memory-details').textContent).toBe(
      'system:\n## Rules\n\nGreet by name.\n\nuser: My name is Ana.\n\nassistant: Hello Ana.',
    );
  });

  it('memory_module null, and a module this app lacks, say so', () => {
    render(
      <MemoryRow
        event={memoryEvent({
          module: null,
          history: [],
          warning: "memory plugin 'x' not available; short-term memory disabled",
        })}
        open={false}
        onToggle={() => undefined}
      />,
    );
    expect(screen.getByTestId('trace-memory').textContent).toContain('Memory: none, only your message is sent');
    expect(screen.getByRole('note').textContent).toBe("memory plugin 'x' not available; short-term memory disabled");
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is its own row right after the user message', () => {
    const rows = buildTraceRows(
      traceOf('r', [
        { type: 'user_message', content: 'hi' },
        { type: 'memory_context', module: null, system: null, history: [], dropped: 0, warning: null },
      ]),
    );
    expect(rows.map((r) => r.kind)).toEqual(['user', 'memory']);
  });
});
