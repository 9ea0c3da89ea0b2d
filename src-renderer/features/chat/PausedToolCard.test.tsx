import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { PauseState } from '../../../shared/domain/debug';
import { ModelRequestEditor } from './ModelRequestEditor';
import { PausedToolCard } from './PausedToolCard';
import { ToolCard } from './ToolCard';
import { withPause } from './debug-rows';
import type { ToolRow } from '../../lib/trace-rows';
import { useDebuggerKeys } from './use-debugger-keys';
import { storeKit, renderInStore } from '../../testing/store-kit';
import { toolPause as pausedAt } from '../../testing/fixtures';

afterEach(cleanup);

const toolPause = pausedAt(
  { since: Date.now() },
  {
    name: 'evaluate_expression',
    arguments: { expression: '12*9' },
    argumentSchema: { type: 'object', required: ['expression'], properties: { expression: { type: 'string' } } },
    outputSchema: { type: 'object', properties: { result: { type: 'number' } } },
  },
);
const modelPause: PauseState = {
  ...toolPause,
  pauseId: 'p2',
  at: {
    kind: 'model',
    request: {
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
      tools: [],
      parameters: { model: 'm' },
    },
  },
};

function Keys() {
  useDebuggerKeys();
  return null;
}

function mount(pause: PauseState, reply: (input: unknown) => unknown = () => ({ resumed: true })) {
  const { store, ...fake } = storeKit({ 'debug.resume': reply }, { sessionId: 's1', paused: [pause] });
  renderInStore(
    store,
    <>
      <Keys />
      {pause.at.kind === 'tool' ? (
        <PausedToolCard pause={pause} at={pause.at} />
      ) : (
        <ModelRequestEditor pause={pause} at={pause.at} />
      )}
    </>,
  );
  const actions = () =>
    fake.calls.filter((c) => c.method === 'debug.resume').map((c) => (c.input as { action: unknown }).action);
  return { store, actions };
}

const input = () => document.querySelector<HTMLInputElement>(':is(input, textarea)[id$="_expression"]')!;

describe('a paused tool call', () => {
  it('runs the arguments as edited in the tool’s own form, and shows the edit before it runs', async () => {
    const { actions } = mount(toolPause);
    expect(input().value).toBe('12*9');
    await act(async () => fireEvent.change(input(), { target: { value: '12*10' } }));
    expect(screen.getByTestId('paused-diff').textContent).toContain('"12*9" → "12*10"');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Run' })));
    expect(actions()).toEqual([{ action: 'run', arguments: { expression: '12*10' } }]);
  });

  it('does not send arguments the form refuses', async () => {
    const { actions } = mount(toolPause);
    await act(async () => fireEvent.change(input(), { target: { value: '' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Run' })));
    expect(actions()).toEqual([]);
  });

  it('shows main’s refusal on the field and stays paused', async () => {
    const { store } = mount(toolPause, () => ({
      code: 'tool_input_invalid',
      message: 'The arguments do not fit',
      details: { issues: [{ path: ['expression'], message: 'Unbalanced parenthesis' }] },
    }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Run' })));
    expect(screen.getByTestId('paused-args').textContent).toContain('Unbalanced parenthesis');
    expect(store.getState().paused).toHaveLength(1);
  });

  it('continues, steps and stops with the model’s call unchanged, by button and by the devtools keys', async () => {
    const { actions } = mount(toolPause, () => ({ code: 'not_found', message: 'moved on' }));
    await act(async () => fireEvent.change(input(), { target: { value: '1+1' } }));
    expect(screen.getByRole('button', { name: 'Continue' }).title).toContain('F8');
    expect(screen.getByRole('button', { name: 'Step' }).title).toContain('F10');
    expect(screen.getByRole('button', { name: 'Stop' }).title).toContain('Shift+F5');
    expect(screen.getByTestId('debug-keys').textContent).toBe('F10 steps, F8 continues, Shift+F5 stops.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await act(async () => fireEvent.keyDown(window, { key: 'F10' }));
    await act(async () => fireEvent.keyDown(window, { key: 'F8' }));
    await act(async () => fireEvent.keyDown(window, { key: 'F5' }));
    await act(async () => fireEvent.keyDown(window, { key: 'F5', shiftKey: true }));
    expect(actions()).toEqual([{ action: 'continue' }, { action: 'step' }, { action: 'continue' }, { action: 'stop' }]);
  });

  it('denies with the reason typed, and mocks a result from JSON', async () => {
    const { actions } = mount(toolPause, () => ({ code: 'not_found', message: 'keep paused for the test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: 'too risky' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send denial' })));
    fireEvent.click(screen.getByRole('button', { name: 'Mock result' }));
    const mock = screen.getByTestId('mock-form');
    fireEvent.click(mock.querySelector('[data-testid="toggle-raw"]')!);
    expect(mock.textContent).toContain('Result (JSON)');
    fireEvent.change(mock.querySelector('textarea')!, { target: { value: '{"result": 7}' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Return this result/ })));
    expect(actions()).toEqual([
      { action: 'deny', reason: 'too risky' },
      { action: 'mock', result: { result: 7 } },
    ]);
  });
});

describe('the TOOL card of a paused call', () => {
  it('says Paused and holds the form, open even when cards are folded, with no trip to the Tools pane', () => {
    const store = storeKit().store;
    store.setState({ sessionId: 's1', paused: [toolPause] });
    const row: ToolRow = {
      kind: 'tool',
      key: 'r1:tool:c1',
      runId: 'r1',
      iteration: 1,
      toolCallId: 'c1',
      name: 'evaluate_expression',
      toolboxId: 'math',
      arguments: { expression: '12*9' },
      status: 'running',
    };
    const [paused] = withPause([row], toolPause) as ToolRow[];
    renderInStore(store, <ToolCard row={paused} collapsed onToggle={() => undefined} onOpen={() => undefined} />);
    const card = screen.getByTestId('trace-tool');
    expect(card.getAttribute('data-status')).toBe('paused');
    expect(card.querySelector('.head .badge')!.textContent).toBe('Paused');
    expect(input().value).toBe('12*9');
    expect(screen.queryByTestId('open-in-form')).toBeNull();
  });
});

describe('paused before the model', () => {
  it('sends the edited request only when it fits the request shape', async () => {
    const { actions } = mount(modelPause);
    const editor = screen.getByTestId('request-editor') as HTMLTextAreaElement;
    expect(JSON.parse(editor.value)).toEqual((modelPause.at as { request: unknown }).request);
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled, 'nothing edited: Continue sends it as it is').toBe(true);
    expect(screen.getByTestId('request-summary').textContent).toBe(
      'messagessystemusertoolsnone: the model can only answer',
    );
    fireEvent.change(editor, { target: { value: '{"messages": [], "tools": [], "parameters": {}}' } });
    expect(screen.getByTestId('request-errors').textContent).toContain('messages');
    expect(send.disabled).toBe(true);
    const edited = JSON.parse(JSON.stringify((modelPause.at as { request: object }).request)) as {
      messages: { content: string }[];
    };
    edited.messages[0].content = 'Be a pirate.';
    fireEvent.change(editor, { target: { value: JSON.stringify(edited) } });
    expect(screen.getByTestId('request-edited')).toBeTruthy();
    await act(async () => fireEvent.click(send));
    expect(actions()).toEqual([{ action: 'send', request: edited }]);
  });
});

describe('where the keyboard goes when a run pauses', () => {
  it('into the paused call’s first field from the message box, so Ctrl+Enter runs it', async () => {
    const box = document.createElement('textarea');
    box.setAttribute('data-composer', '');
    document.body.append(box);
    box.focus();
    const { actions } = mount(toolPause);
    expect(document.activeElement).toBe(input());
    await act(async () => fireEvent.keyDown(input(), { key: 'Enter', ctrlKey: true }));
    expect(actions()).toEqual([{ action: 'run', arguments: { expression: '12*9' } }]);
    box.remove();
  });

  it('stays in a field the user is typing in elsewhere', () => {
    const other = document.createElement('input');
    document.body.append(other);
    other.focus();
    mount(toolPause);
    expect(document.activeElement).toBe(other);
    other.remove();
  });

  it('into the request editor when paused before the model', () => {
    mount(modelPause);
    expect(document.activeElement).toBe(screen.getByTestId('request-editor'));
  });
});
