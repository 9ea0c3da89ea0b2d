import { BrowserWindow, dialog, shell, type Session, type WebContents } from 'electron';
import { contentSecurityPolicy } from '../core/api/csp';

/** What a sender check needs from an IPC event (ipcMain.handle's IpcMainInvokeEvent has these). */
export interface SenderEvent {
  sender: WebContents;
  senderFrame: { url: string; parent?: unknown | null } | null;
}

/** Is this URL a page of the app (`app://persona-studio/...`, or under a file: folder)? Compares scheme, host and path prefix. */
export function isAppUrl(url: string, appBaseUrl: string): boolean {
  try {
    const parsed = new URL(url);
    const base = new URL(appBaseUrl);
    return parsed.protocol === base.protocol && parsed.host === base.host && parsed.pathname.startsWith(base.pathname);
  } catch {
    return false;
  }
}

/**
 * Accepts an IPC call only from a window this app created, from its main frame, showing the app's own
 * page. Anything else (another window, an iframe, a page navigated elsewhere) is refused.
 */
export function isTrustedSender(event: SenderEvent, appBaseUrl: string): boolean {
  if (!event.sender || !BrowserWindow.fromWebContents(event.sender)) return false;
  const frame = event.senderFrame;
  if (!frame) return false;
  if (frame.parent) return false;
  const mainFrame = (event.sender as unknown as { mainFrame?: unknown }).mainFrame;
  if (mainFrame !== undefined && mainFrame !== frame) return false;
  return isAppUrl(frame.url, appBaseUrl);
}

/**
 * Opens a link in the system browser, only when it is https and the user said yes to a dialog that shows the whole
 * URL: links come from tool output and model answers, which anyone can write. Resolves whether it opened it.
 */
export async function openExternalSafely(url: string, from?: WebContents): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  const target = parsed.toString();
  const options = {
    type: 'question' as const,
    buttons: ['Open in browser', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    title: 'Open a link',
    message: 'Open this link in your browser?',
    detail: `${target}\n\nIt comes from the page (a tool's output or a model's answer can hold links): open it only if you trust it.`,
    noLink: true,
  };
  const owner = from ? BrowserWindow.fromWebContents(from) : null;
  const { response } = await (owner ? dialog.showMessageBox(owner, options) : dialog.showMessageBox(options));
  if (response !== 0) return false;
  await shell.openExternal(target);
  return true;
}

/** Denies navigation away from the app, new windows and <webview>; https links go to the system browser instead. */
export function hardenWebContents(contents: WebContents, appBaseUrl: string): void {
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, appBaseUrl)) return;
    event.preventDefault();
    void openExternalSafely(url, contents);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, appBaseUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalSafely(url, contents);
    return { action: 'deny' };
  });
}

/** Denies every permission request and check, and sends the CSP as a response header. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  const csp = contentSecurityPolicy();
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
}
