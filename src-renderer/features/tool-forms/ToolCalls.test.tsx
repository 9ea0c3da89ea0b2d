import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CallHistoryEntry, SavedCall } from '../../../shared/domain/call-history';
import { toolInfo } from '../../testing/fixtures';
import { renderInStore, storeKit } from '../../testing/store-kit';
import { ToolDetail } from './ToolDetail';

afterEach(cleanup);

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, token: { type: 'string', format: 'password' } },
};
const tool = toolInfo('weather', {
  description: 'Weather of a city',
  argument_schema: schema,
  toolboxId: 'wx',
  openai: { type: 'function', function: { name: 'weather', description: '', parameters: schema } },
});

/** The main side as the tests need it: tools.call records into a history that outlives a window. */
function fakeMain() {
  const entries: CallHistoryEntry[] = [];
  const saved: SavedCall[] = [];
  let n = 0;
  const handlers = {
    'toolboxes.list': () => ({ toolboxes: [] }),
    'tools.call': (i: { toolboxId: string; name: string; arguments: Record<string, unknown> }) => {
      const { token, ...args } = i.arguments;
      const result = { forecast: `sunny in ${String(i.arguments.city)}` };
      entries.unshift({
        id: `e${++n}`,
        at: Date.now(),
        toolboxId: i.toolboxId,
        name: i.name,
        args,
        masked: token ? ['token'] : [],
        outcome: { ok: true, result, durationMs: 1 },
      });
      return { result, durationMs: 1 };
    },
    'tools.history': () => ({ entries: [...entries], saved: [...saved] }),
    'tools.saveCall': (i: { entryId: string; label: string }) => {
      const e = entries.find((x) => x.id === i.entryId)!;
      const s: SavedCall = {
        id: `s${++n}`,
        label: i.label,
        savedAt: 1,
        toolboxId: e.toolboxId,
        name: e.name,
        args: e.args,
        masked: e.masked,
      };
      saved.unshift(s);
      return s;
    },
    'tools.renameCall': (i: { savedId: string; label: string }) => {
      const s = saved.find((x) => x.id === i.savedId)!;
      s.label = i.label;
      return { ...s };
    },
    'tools.deleteCall': (i: { savedId: string }) => {
      saved.splice(
        saved.findIndex((x) => x.id === i.savedId),
        1,
      );
      return { deleted: true };
    },
  };
  return handlers;
}

/** A window: a new store on the same main side, its tool list (and history) loaded, the tool open. */
async function openWindow(main: ReturnType<typeof fakeMain>) {
  const kit = storeKit(main as never);
  await act(() => kit.store.getState().loadTools(null));
  renderInStore(kit.store, <ToolDetail tool={tool} />);
  return kit;
}

describe('saved calls in the Tools pane', () => {
  it('shows the stored history after a reload, saves an entry with a name and re-runs it in one click', async () => {
    const main = fakeMain();
    const first = await openWindow(main);
    fireEvent.change(screen.getByLabelText(/city/), { target: { value: 'Porto' } });
    fireEvent.click(screen.getByTestId('run-tool'));
    await screen.findByTestId('tool-output');
    await waitFor(() => expect(first.store.getState().history['wx/weather']?.[0].id).toBe('e1'));
    cleanup();

    const second = await openWindow(main);
    const rows = screen.getAllByTestId('history-call');
    expect(rows).toHaveLength(1);
    expect(rows[0].textContent).toContain('"city":"Porto"');
    expect(screen.getByTestId('no-saved-calls').textContent).toContain('Save a call from the history');

    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Save' }));
    fireEvent.change(screen.getByLabelText('Name of the saved call'), { target: { value: 'Porto weather' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save call' }));
    const savedRow = await screen.findByTestId('saved-call');
    expect(within(savedRow).getByTestId('saved-call-label').textContent).toBe('Porto weather');

    fireEvent.change(screen.getByLabelText(/city/), { target: { value: 'Faro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run “Porto weather”' }));
    await waitFor(() => expect(screen.getAllByTestId('history-call')).toHaveLength(2));
    const runs = second.calls.filter((c) => c.method === 'tools.call');
    expect(runs.at(-1)!.input).toMatchObject({ toolboxId: 'wx', name: 'weather', arguments: { city: 'Porto' } });
    expect((screen.getByLabelText(/city/) as HTMLInputElement).value).toBe('Porto');
  });

  it('renames and deletes a saved call', async () => {
    const main = fakeMain();
    await openWindow(main);
    fireEvent.change(screen.getByLabelText(/city/), { target: { value: 'Lisbon' } });
    fireEvent.click(screen.getByTestId('run-tool'));
    await waitFor(() => expect(screen.getAllByTestId('history-call')[0].textContent).toContain('Lisbon'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.change(screen.getByLabelText('Name of the saved call'), { target: { value: 'L' } });
    fireEvent.submit(screen.getByTestId('call-label-form'));
    await screen.findByTestId('saved-call');
    fireEvent.click(screen.getByRole('button', { name: 'Rename “L”' }));
    fireEvent.change(screen.getByLabelText('Name of the saved call'), { target: { value: 'Lisbon weather' } });
    fireEvent.submit(screen.getByTestId('call-label-form'));
    await waitFor(() => expect(screen.getByTestId('saved-call-label').textContent).toBe('Lisbon weather'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Lisbon weather”' }));
    await screen.findByTestId('no-saved-calls');
  });

  it('a call with a secret argument cannot re-run from the history: Load puts the rest back to fill it in', async () => {
    const main = fakeMain();
    await openWindow(main);
    fireEvent.change(screen.getByLabelText(/city/), { target: { value: 'Braga' } });
    fireEvent.change(screen.getByLabelText(/token/), { target: { value: 'tok-1' } });
    fireEvent.click(screen.getByTestId('run-tool'));
    const row = await waitFor(() => {
      const r = screen.getAllByTestId('history-call')[0];
      expect(r.textContent).toContain('secret left out');
      return r;
    });
    expect(row.textContent).not.toContain('tok-1');
    const rerun = within(row).getByRole('button', { name: 'Re-run' }) as HTMLButtonElement;
    expect(rerun.disabled).toBe(true);
    expect(rerun.title).toContain('fill them in');
    fireEvent.click(within(row).getByRole('button', { name: 'Load' }));
    expect((screen.getByLabelText(/city/) as HTMLInputElement).value).toBe('Braga');
    expect((screen.getByLabelText(/token/) as HTMLInputElement).value).toBe('');
  });
});
