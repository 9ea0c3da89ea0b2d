import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { Catalog } from '../../../shared/ipc/contract';
import { RerunDialog } from './RerunDialog';
import { renderWithStore } from '../../testing/store-kit';

afterEach(cleanup);

const plugin = (id: string, title: string) => ({ id, title, description: '', configSchema: {} });
const catalog = {
  engines: [plugin('loop-a', 'Loop A'), plugin('loop-b', 'Loop B')],
  brains: [plugin('brain-a', 'Brain A'), plugin('brain-b', 'Brain B')],
} as unknown as Catalog;

function setup() {
  const rerun = vi.fn(async () => true);
  renderWithStore(<RerunDialog />, {}, { rerunOpen: true, catalog, rerun, personas: [], selectedId: 'calc' });
  return rerun;
}

describe('RerunDialog', () => {
  it("keeps the session's engine and brain until one is picked", () => {
    const rerun = setup();
    const engine = screen.getByLabelText('Loop engine') as HTMLSelectElement;
    expect(engine.value).toBe('');
    expect([...engine.options].map((o) => o.textContent)).toEqual(["the persona's", 'Loop A', 'Loop B']);
    fireEvent.click(screen.getByTestId('rerun-submit'));
    expect(rerun).toHaveBeenCalledWith({ tools: 'recorded', onMiss: 'live' });
  });

  it('re-runs with the engine and brain picked from the catalog', () => {
    const rerun = setup();
    fireEvent.change(screen.getByLabelText('Loop engine'), { target: { value: 'loop-b' } });
    fireEvent.change(screen.getByLabelText('Brain'), { target: { value: 'brain-a' } });
    fireEvent.click(screen.getByTestId('rerun-submit'));
    expect(rerun).toHaveBeenCalledWith({ engine: 'loop-b', brain: 'brain-a', tools: 'recorded', onMiss: 'live' });
  });
});
