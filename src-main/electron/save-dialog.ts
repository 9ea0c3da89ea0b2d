import path from 'node:path';
import type { BrowserWindow, Dialog, SaveDialogOptions } from 'electron';
import type { SavePathPicker } from '../core/app/app-context';

/**
 * The desktop's save dialog as the app's SavePathPicker: exports go only where the user chose, and the system asks
 * before replacing a file there (`showOverwriteConfirmation`). A cancelled dialog gives null.
 */
export function createSavePathPicker(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  parentWindow: () => BrowserWindow | null,
  defaultFolder: () => string,
): SavePathPicker {
  return async ({ suggestedName, title }) => {
    const options: SaveDialogOptions = {
      title,
      defaultPath: path.join(defaultFolder(), path.basename(suggestedName)),
      buttonLabel: 'Export',
      filters: [{ name: 'Persona (OVOS JSON)', extensions: ['json'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    };
    const parent = parentWindow();
    const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  };
}
