import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PluginSelect } from './PluginSelect';

afterEach(cleanup);

const plugins = [
  { id: 'a', title: 'Plugin A' },
  { id: 'b', title: 'Plugin B' },
];

describe('PluginSelect', () => {
  it('keeps an id that is not installed selected, marked as such', () => {
    render(<PluginSelect id="p" value="gone" plugins={plugins} onChange={() => {}} />);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect(select.value).toBe('gone');
    expect(screen.getByRole('option', { name: 'gone (not installed)' })).toBeTruthy();
  });

  it('does not call an id missing while the catalog is still loading', () => {
    render(<PluginSelect id="p" value="gone" plugins={[]} catalogKnown={false} onChange={() => {}} />);
    expect(screen.getByRole('option', { name: 'gone' })).toBeTruthy();
  });

  it('lists installed plugins by title and reports the chosen id', () => {
    const onChange = vi.fn();
    render(<PluginSelect id="p" value="a" plugins={plugins} onChange={onChange} />);
    expect(screen.queryByRole('option', { name: /not installed/ })).toBeNull();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'b' } });
    expect(onChange).toHaveBeenCalledWith('b');
  });

  it('offers the empty value as its own named choice with `unset`, never as not installed', () => {
    const onChange = vi.fn();
    render(<PluginSelect id="p" value="" plugins={plugins} unset="the persona's" onChange={onChange} />);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(["the persona's", 'Plugin A', 'Plugin B']);
    fireEvent.change(select, { target: { value: 'a' } });
    expect(onChange).toHaveBeenCalledWith('a');
  });
});
