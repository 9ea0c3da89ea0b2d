// Electron's main process: the app window, its security policy, and the API over one IPC channel pair.
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, protocol, session } from 'electron';
import { createApp, type App } from '../core/api/app';
import { dispatch } from '../core/api/dispatch';
import { resolveDataDir } from '../core/data-dir';
import { APP_BASE_URL, handleAppProtocol, registerAppScheme } from './app-protocol';
import { broadcast, registerRpc } from './ipc';
import { closeThenExit } from './quit';
import { createSavePathPicker } from './save-dialog';
import { hardenSession, hardenWebContents, isAppUrl, isTrustedSender } from './security';
import { createMainWindow } from './window';
import { cancelPausedOnClose } from './window-runs';

const baseDir = __dirname;
const rendererDir = path.join(baseDir, '..', 'renderer');
const appBaseUrl = APP_BASE_URL;
const windows = new Set<BrowserWindow>();
let studio: App | null = null;

function openWindow(): void {
  const win = createMainWindow({
    preloadPath: path.join(baseDir, '..', 'preload', 'preload.cjs'),
    url: `${APP_BASE_URL}index.html`,
    iconPath: path.join(baseDir, '..', '..', 'assets', 'icon.png'),
  });
  windows.add(win);
  win.on('closed', () => windows.delete(win));
  cancelPausedOnClose(win, (client) => studio?.context.cancelPausedRunsOf(client));
}

registerAppScheme(protocol);
app.enableSandbox();
app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, appBaseUrl));

async function start(): Promise<void> {
  hardenSession(session.defaultSession);
  handleAppProtocol(protocol, rendererDir);
  studio = await createApp({
    dataDir: resolveDataDir({ electronUserData: app.getPath('userData') }),
    mode: 'electron',
    version: app.getVersion(),
    // Exports go only where the user chooses in the system's save dialog.
    pickSavePath: createSavePathPicker(
      dialog,
      () => BrowserWindow.getFocusedWindow() ?? [...windows][0] ?? null,
      () => app.getPath('documents'),
    ),
  });
  const handlers = studio.handlers;
  registerRpc({
    ipcMain,
    isTrusted: (event) => isTrustedSender(event, appBaseUrl),
    dispatch: (request, client) => dispatch(handlers, request, { transport: 'electron', client }),
  });
  // Events go only to the app's windows while they show the app's own page.
  studio.onEvent((event) =>
    broadcast([...windows], event, (contents) => isAppUrl(contents.mainFrame?.url ?? '', appBaseUrl)),
  );
  openWindow();
  app.on('activate', () => {
    if (windows.size === 0) openWindow();
  });
}

void app
  .whenReady()
  .then(start)
  .catch((error: unknown) => {
    // An unusable data folder (read-only disk, no permission...): say so in a dialog and quit, no silent hang.
    dialog.showErrorBox('Persona Studio cannot start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Quitting waits for the app to close (runs cancelled, session files flushed), so no trace event is lost.
let quitting = false;
app.on('will-quit', (event) => {
  if (!studio || quitting) return;
  quitting = true;
  event.preventDefault();
  const closing = studio;
  void closeThenExit(
    () => closing.close(),
    (code) => app.exit(code),
  );
});
