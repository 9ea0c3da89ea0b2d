import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { JsonFileButton } from './JsonFileButton';

afterEach(cleanup);

describe('JsonFileButton', () => {
  it('opens the chooser, hands over each file picked (the same one again too), and ignores a cancelled pick', () => {
    const onFile = vi.fn(async () => {});
    render(<JsonFileButton label="Import…" testId="pick" inputTestId="pick-file" onFile={onFile} />);
    const input = screen.getByTestId('pick-file') as HTMLInputElement;
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Import…' }));
    expect(click).toHaveBeenCalledOnce();
    expect(input.accept).toBe('.json,application/json');

    // jsdom keeps a file input's value empty: watch the clearing itself (it is what lets the same file be picked again).
    const cleared = vi.fn();
    Object.defineProperty(input, 'value', { configurable: true, get: () => '', set: cleared });
    const file = new File(['{}'], 'p.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFile.mock.calls).toEqual([[file], [file]]);
    expect(cleared.mock.calls).toEqual([[''], ['']]);

    fireEvent.change(input, { target: { files: [] } });
    expect(onFile).toHaveBeenCalledTimes(2);
  });
});
