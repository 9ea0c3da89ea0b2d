import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TextField } from './Field';

afterEach(cleanup);

describe('TextField', () => {
  it('labels its input, hands over the text typed, and is marked invalid only while it has errors', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <TextField
        id="f"
        label="Max iterations"
        help="Turns."
        errors={['Must be at least 1.']}
        type="number"
        value={0}
        onChange={onChange}
      />,
    );
    const input = screen.getByLabelText('Max iterations') as HTMLInputElement;
    expect(input.type).toBe('number');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('error-f').textContent).toBe('Must be at least 1.');
    fireEvent.change(input, { target: { value: '3' } });
    expect(onChange).toHaveBeenCalledWith('3');
    rerender(<TextField id="f" label="Max iterations" help="Turns." type="number" value={3} onChange={onChange} />);
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByTestId('error-f')).toBeNull();
  });

  it('is a text area with `rows`, with the placeholder on it', () => {
    render(<TextField id="p" label="System prompt" rows={5} value="" placeholder="Say who" onChange={() => {}} />);
    const area = screen.getByLabelText('System prompt');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('rows')).toBe('5');
    expect(area.getAttribute('placeholder')).toBe('Say who');
  });
});
