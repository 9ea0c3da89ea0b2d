import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';

/** The main window's options: an isolated, sandboxed renderer with no Node, no <webview>. */
export function mainWindowOptions(preloadPath: string, iconPath?: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: 'Persona Studio',
    show: false,
    backgroundColor: '#1e1f24',
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}

/** Creates the main window and loads the app's page; it shows once the first paint is ready. */
export function createMainWindow(options: { preloadPath: string; url: string; iconPath?: string }): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(options.preloadPath, options.iconPath));
  win.once('ready-to-show', () => win.show());
  void win.loadURL(options.url);
  return win;
}
