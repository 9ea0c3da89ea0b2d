import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ToolForm, type ToolArgs } from './ToolForm';

afterEach(cleanup);

const tool = {
  name: 'add',
  description: 'Adds two numbers',
  schema: {
    type: 'object',
    required: ['a', 'b'],
    properties: { a: { type: 'number' }, b: { type: 'number' } },
  },
};

describe('ToolForm (no store: props in, arguments out)', () => {
  it('submits the prefilled arguments, validated, with its own submit label and extra actions', async () => {
    const sent: ToolArgs[] = [];
    let skipped = 0;
    render(
      <ToolForm
        tool={tool}
        value={{ a: 1, b: 2 }}
        onSubmit={(a) => sent.push(a)}
        submitLabel="Run with these arguments"
        actions={<button onClick={() => skipped++}>Skip</button>}
      />,
    );
    expect(screen.getByText('Adds two numbers')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Run with these arguments/ })));
    expect(sent).toEqual([{ a: 1, b: 2 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(skipped).toBe(1);
  });

  it('shows the issues it is given on their fields and blocks an invalid form', async () => {
    const sent: ToolArgs[] = [];
    render(
      <ToolForm
        tool={tool}
        value={{ a: 1 }}
        onSubmit={(a) => sent.push(a)}
        issues={[{ path: ['a'], message: 'a is too small (from main)' }]}
      />,
    );
    expect(screen.getByText('a is too small (from main)')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('run-tool')));
    expect(sent).toEqual([]);
    expect(screen.getAllByText('is a required property').length).toBeGreaterThan(0);
  });

  it('runs from Ctrl+Enter inside the form, and is disabled while busy', async () => {
    const sent: ToolArgs[] = [];
    const { rerender } = render(<ToolForm tool={tool} value={{ a: 1, b: 2 }} onSubmit={(a) => sent.push(a)} />);
    await act(async () => fireEvent.keyDown(screen.getByLabelText(/^a/), { key: 'Enter', ctrlKey: true }));
    expect(sent).toHaveLength(1);
    rerender(<ToolForm tool={tool} value={{ a: 1, b: 2 }} onSubmit={(a) => sent.push(a)} busy />);
    expect((screen.getByTestId('run-tool') as HTMLButtonElement).disabled).toBe(true);
  });

  it('replaces the raw JSON when a new value comes from outside, but not while typing', () => {
    function Host() {
      const [v, setV] = useState<ToolArgs>({ a: 1, b: 2 });
      return (
        <>
          <button onClick={() => setV({ a: 5, b: 6 })}>load</button>
          <ToolForm tool={tool} value={v} onChange={setV} onSubmit={() => undefined} />
        </>
      );
    }
    render(<Host />);
    fireEvent.click(screen.getByTestId('toggle-raw'));
    const raw = () => screen.getByTestId('raw-args') as HTMLTextAreaElement;
    fireEvent.change(raw(), { target: { value: '{"a": 3,  "b": 4}' } });
    expect(raw().value, 'the typed text is kept as typed').toBe('{"a": 3,  "b": 4}');
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    expect(JSON.parse(raw().value)).toEqual({ a: 5, b: 6 });
  });
});
