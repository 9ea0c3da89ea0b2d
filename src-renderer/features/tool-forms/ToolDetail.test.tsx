import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ToolInfo } from '../../../shared/domain/tool';
import { ToolDetail } from './ToolDetail';
import { storeKit, renderInStore } from '../../testing/store-kit';
import { toolboxInfo, toolInfo } from '../../testing/fixtures';

afterEach(cleanup);

const schema = {
  type: 'object',
  required: ['label', 'values'],
  properties: {
    label: { type: 'string', description: 'Shown in the report' },
    values: { type: 'array', items: { type: 'number' } },
    options: { $ref: '#/$defs/Options' },
  },
  $defs: {
    Options: {
      type: 'object',
      properties: { precision: { type: 'integer', default: 2 }, mode: { enum: ['mean', 'median'] } },
    },
  },
};
const tool = toolInfo('summarize', {
  description: 'Summarize numbers',
  argument_schema: schema,
  toolboxId: 'stats',
  openai: { type: 'function', function: { name: 'summarize', description: 'Summarize numbers', parameters: schema } },
});

function setup(handler: (input: { arguments: Record<string, unknown> }) => unknown, info: ToolInfo = tool) {
  const { store, ...fake } = storeKit({ 'tools.call': handler as never });
  renderInStore(store, <ToolDetail tool={info} />);
  return { ...fake, store };
}

describe('ToolDetail', () => {
  it('renders the schema as a form with help text, a nested $ref object and an array', () => {
    setup(() => ({ result: {}, durationMs: 1 }));
    expect(screen.getByText('Shown in the report')).toBeTruthy();
    expect(screen.getByLabelText(/label/)).toBeTruthy();
    expect(screen.getByLabelText(/precision/)).toBeTruthy();
    expect(screen.getByTitle(/Add/i)).toBeTruthy();
  });

  it('keeps the raw JSON in sync with the form and never sends stale args on invalid JSON', async () => {
    const { calls } = setup((i) => ({ result: { got: i.arguments }, durationMs: 2 }));
    fireEvent.change(screen.getByLabelText(/label/), { target: { value: 'hello' } });
    fireEvent.click(screen.getByTestId('toggle-raw'));
    const raw = screen.getByTestId('raw-args') as HTMLTextAreaElement;
    expect(JSON.parse(raw.value)).toMatchObject({ label: 'hello' });
    fireEvent.change(raw, { target: { value: '{"label": "x", "values": [1' } });
    expect(screen.getByTestId('raw-error')).toBeTruthy();
    expect((screen.getByTestId('run-tool') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(raw, { target: { value: '{"label": "x", "values": [1, 2]}' } });
    await act(async () => fireEvent.click(screen.getByTestId('run-tool')));
    expect(
      calls.filter((c) => c.method === 'tools.call').map((c) => (c.input as { arguments: unknown }).arguments),
    ).toEqual([{ label: 'x', values: [1, 2] }]);
    fireEvent.click(screen.getByTestId('toggle-raw'));
    expect((screen.getByLabelText(/label/) as HTMLInputElement).value).toBe('x');
  });

  it("shows main's validation issues on the fields and the error code", async () => {
    setup(() => ({
      code: 'tool_input_invalid',
      message: 'Invalid arguments for summarize',
      details: { issues: [{ path: ['label'], message: 'Too short from main' }] },
    }));
    fireEvent.click(screen.getByTestId('toggle-raw'));
    fireEvent.change(screen.getByTestId('raw-args'), { target: { value: '{"label": "", "values": []}' } });
    await act(async () => fireEvent.click(screen.getByTestId('run-tool')));
    await waitFor(() => expect(screen.getByTestId('tool-error').textContent).toContain('tool_input_invalid'));
    fireEvent.click(screen.getByTestId('toggle-raw'));
    expect(screen.getAllByText('Too short from main').length).toBeGreaterThan(0);
  });

  it('blocks a form submit with a missing required field and says so on the field', async () => {
    const { calls } = setup(() => ({ result: {}, durationMs: 1 }));
    await act(async () => fireEvent.click(screen.getByTestId('run-tool')));
    expect(calls).toHaveLength(0);
    expect(screen.getAllByText('is a required property').length).toBeGreaterThan(0);
  });

  it('brings the output into view after a run (it can be below a long form)', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      setup(() => ({ result: { ok: 1 }, durationMs: 1 }));
      fireEvent.click(screen.getByTestId('toggle-raw'));
      fireEvent.change(screen.getByTestId('raw-args'), { target: { value: '{"label": "x", "values": [1]}' } });
      await act(async () => fireEvent.click(screen.getByTestId('run-tool')));
      await waitFor(() => expect(scrolled).toContain(screen.getByTestId('tool-output')));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('says a form was filled from a traced call, and leads back to the chat', async () => {
    const { store } = storeKit(
      { 'tools.call': (() => ({ result: { ok: 1 }, durationMs: 1 })) as never },
      {
        toolboxes: [toolboxInfo({ toolboxId: 'stats', title: 'Stats', tools: [tool] })],
      },
    );
    expect(store.getState().openToolCall('stats', 'summarize', { label: 'from the model', values: [1] })).toBe(true);
    renderInStore(store, <ToolDetail tool={tool} />);
    expect(screen.getByTestId('from-trace').textContent).toContain('the arguments the model sent');
    expect((screen.getByLabelText(/label/) as HTMLInputElement).value).toBe('from the model');
    expect(document.activeElement, 'the keyboard lands in the form').toBe(screen.getByLabelText(/label/));
    fireEvent.click(screen.getByRole('button', { name: 'Back to the chat' }));
    expect(store.getState().tab).toBe('chat');
    await act(async () => fireEvent.click(screen.getByTestId('run-tool')));
    await waitFor(() => expect(screen.queryByTestId('from-trace')).toBeNull());
  });

  it('says a tool that needs MCP tasks is not offered to the model (issue 11.17)', () => {
    setup(() => ({ result: {}, durationMs: 1 }), {
      ...tool,
      unavailable: 'It needs MCP tasks (execution.taskSupport "required"), which Persona Studio does not support yet.',
    });
    expect(screen.getByTestId('tool-unavailable').textContent).toMatch(/^Not offered to the model: It needs MCP tasks/);
  });

  it('says why the model sees the tool under another name', () => {
    setup(() => ({ result: {}, durationMs: 1 }), {
      ...tool,
      modelName: 'stats__summarize',
      renamedBecause: "'summarize' is also a tool of 'other'",
    });
    expect(screen.getByTestId('renamed-because').textContent).toContain('stats__summarize');
  });
});
