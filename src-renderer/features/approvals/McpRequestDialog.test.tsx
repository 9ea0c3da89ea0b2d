import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { McpPendingRequest } from '../../../shared/domain/mcp';
import { renderWithStore } from '../../testing/store-kit';
import { McpRequestDialog } from './McpRequestDialog';

afterEach(cleanup);

const elicitation: McpPendingRequest = {
  requestId: 'r1',
  personaId: 'p',
  toolboxId: 'ovos-mcp-toolbox:everything',
  server: 'node everything',
  at: 1,
  kind: 'elicitation',
  message: 'Who are you?',
  requestedSchema: {
    type: 'object',
    properties: { name: { type: 'string', title: 'Name' }, age: { type: 'integer', title: 'Age' } },
    required: ['name'],
  },
};

function mount(respond: (input: { requestId: string; action: string; content?: unknown }) => unknown) {
  return renderWithStore(<McpRequestDialog />, { 'mcp.respond': respond as never });
}

describe('McpRequestDialog', () => {
  it('opens on mcp.request, sends the form as accept, and shows main’s issues on their field', async () => {
    let answers = 0;
    const { emit, calls } = mount(() =>
      ++answers === 1
        ? {
            code: 'bad_input',
            message: 'Does not fit.',
            details: { issues: [{ path: ['name'], message: 'too short' }] },
          }
        : { settled: true },
    );
    act(() => emit('mcp.request', elicitation));
    expect(screen.getByTestId('elicitation-message').textContent).toBe('Who are you?');
    const name = screen.getByLabelText(/Name/) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'A' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept' })));
    expect(calls.at(-1)).toEqual({
      method: 'mcp.respond',
      input: { requestId: 'r1', action: 'accept', content: { name: 'A' } },
    });
    expect(screen.getByTestId('elicitation-dialog').textContent).toContain('too short');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept' })));
    expect(screen.queryByTestId('elicitation-dialog')).toBeNull();
  });

  it('Decline and Cancel answer as such; a request the server cancelled closes', async () => {
    const { emit, calls } = mount(() => ({ settled: true }));
    act(() => emit('mcp.request', elicitation));
    await act(async () => fireEvent.click(screen.getByTestId('elicitation-decline')));
    expect(calls.at(-1)?.input).toEqual({ requestId: 'r1', action: 'decline' });
    act(() => emit('mcp.request', { ...elicitation, requestId: 'r2' }));
    await act(async () => fireEvent.click(screen.getByTestId('elicitation-cancel')));
    expect(calls.at(-1)?.input).toEqual({ requestId: 'r2', action: 'cancel' });
    act(() => emit('mcp.request', { ...elicitation, requestId: 'r3' }));
    act(() => emit('mcp.requestSettled', { requestId: 'r3', outcome: 'cancelled by the server' }));
    expect(screen.queryByTestId('elicitation-dialog')).toBeNull();
  });

  it('a sampling request shows its messages; Approve sends accept', async () => {
    const { emit, calls } = mount(() => ({ settled: true }));
    act(() =>
      emit('mcp.request', {
        ...elicitation,
        requestId: 's1',
        kind: 'sampling',
        message: 'Say hi',
        requestedSchema: undefined,
        sampling: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 9 },
      }),
    );
    expect(screen.getByTestId('sampling-messages').textContent).toContain('Say hi');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve and send to the brain' })));
    expect(calls.at(-1)?.input).toEqual({ requestId: 's1', action: 'accept' });
    expect(screen.queryByTestId('sampling-dialog')).toBeNull();
  });
});
