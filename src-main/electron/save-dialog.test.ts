import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow, Dialog } from 'electron';
import { createSavePathPicker } from './save-dialog';

/** A fake electron dialog: records what it was asked and answers as a user would. */
function fakeDialog(answer: { canceled: boolean; filePath?: string }) {
  const showSaveDialog = vi.fn(async (..._args: unknown[]) => ({ filePath: '', ...answer }));
  return { dialog: { showSaveDialog } as unknown as Pick<Dialog, 'showSaveDialog'>, showSaveDialog };
}

describe('the export save dialog', () => {
  it('asks on the app window, suggests <id>.json in the default folder, and asks before replacing a file', async () => {
    const { dialog, showSaveDialog } = fakeDialog({ canceled: false, filePath: '/home/me/calc.json' });
    const win = { id: 1 } as unknown as BrowserWindow;
    const pick = createSavePathPicker(
      dialog,
      () => win,
      () => '/home/me/Documents',
    );
    expect(await pick({ suggestedName: 'calc.json', title: 'Export persona' })).toBe('/home/me/calc.json');
    const [parent, options] = showSaveDialog.mock.calls[0] as [unknown, Record<string, unknown>];
    expect(parent).toBe(win);
    expect(options).toMatchObject({
      title: 'Export persona',
      defaultPath: '/home/me/Documents/calc.json',
      filters: [{ name: 'Persona (OVOS JSON)', extensions: ['json'] }],
    });
    expect(options.properties).toContain('showOverwriteConfirmation');
  });

  it('gives null when the user cancels (nothing is written)', async () => {
    const { dialog } = fakeDialog({ canceled: true });
    const pick = createSavePathPicker(
      dialog,
      () => null,
      () => '/tmp',
    );
    expect(await pick({ suggestedName: 'x.json', title: 'Export persona' })).toBeNull();
  });

  it('never lets a suggested name leave the default folder', async () => {
    const { dialog, showSaveDialog } = fakeDialog({ canceled: true });
    await createSavePathPicker(
      dialog,
      () => null,
      () => '/docs',
    )({ suggestedName: '../../etc/x.json', title: 't' });
    expect((showSaveDialog.mock.calls[0] as [Record<string, unknown>])[0].defaultPath).toBe('/docs/x.json');
  });
});
