import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { Breakpoints } from '../../../shared/domain/debug';
import { BreakpointsBar } from './BreakpointsBar';
import { storeKit, renderInStore } from '../../testing/store-kit';
import { toolboxInfo, toolInfo } from '../../testing/fixtures';

afterEach(cleanup);

function mount() {
  const { store, calls } = storeKit(
    {
      'debug.setBreakpoints': (i: { breakpoints: Breakpoints }) => ({ breakpoints: i.breakpoints }),
    },
    {
      selectedId: 'calc',
      toolboxes: [toolboxInfo({ tools: [toolInfo('add'), toolInfo('evaluate_expression')] })],
    },
  );
  renderInStore(store, <BreakpointsBar />);
  const saved = () =>
    calls
      .filter((c) => c.method === 'debug.setBreakpoints')
      .map((c) => (c.input as { breakpoints: Breakpoints }).breakpoints);
  return { store, saved };
}

describe('the breakpoints toolbar', () => {
  it('stores each switch for the persona', async () => {
    const { saved } = mount();
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Pause before tools' })));
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Pause before the model' })));
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Pause on tool error' })));
    expect(saved().at(-1)).toEqual({
      beforeTools: { enabled: true, tools: [], conditions: [] },
      beforeModel: true,
      onToolError: true,
    });
    expect(screen.getByTestId('bp-tools-scope').textContent).toBe('(every tool call)');
  });

  it('narrows Pause before tools to a tool or a condition, refusing JSON that is not an object', async () => {
    const { saved } = mount();
    fireEvent.click(screen.getByTestId('breakpoints-button'));
    expect(screen.getByTestId('breakpoints-none')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByLabelText('add')));
    expect(saved().at(-1)?.beforeTools).toEqual({ enabled: true, tools: ['add'], conditions: [] });
    fireEvent.change(screen.getByLabelText('Tool'), { target: { value: 'evaluate_expression' } });
    fireEvent.change(screen.getByLabelText('Arguments contain (JSON)'), { target: { value: '[1]' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    expect(screen.getByRole('alert').textContent).toContain('JSON object');
    expect(saved()).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Arguments contain (JSON)'), { target: { value: '{"expression": "9*9"}' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add condition' })));
    expect(saved().at(-1)?.beforeTools.conditions).toEqual([
      { tool: 'evaluate_expression', argsContain: { expression: '9*9' } },
    ]);
    expect(screen.getByTestId('breakpoints-list').textContent).toContain('1 tool, 1 condition');
  });

  it('closes the popover with Esc without the key reaching the window (where Esc cancels a run)', () => {
    mount();
    let reached = 0;
    const onKey = () => reached++;
    window.addEventListener('keydown', onKey);
    fireEvent.click(screen.getByTestId('breakpoints-button'));
    const popover = screen.getByTestId('breakpoints-popover');
    expect(popover.contains(document.activeElement), 'the keyboard is in the popover').toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    window.removeEventListener('keydown', onKey);
    expect(screen.queryByTestId('breakpoints-popover')).toBeNull();
    expect(reached).toBe(0);
    expect(document.activeElement).toBe(screen.getByTestId('breakpoints-button'));
  });
});
