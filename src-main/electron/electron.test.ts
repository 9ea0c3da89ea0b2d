import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  class FakeWebContents {
    listeners = new Map<string, Listener[]>();
    openHandler: ((d: { url: string }) => { action: string }) | null = null;
    mainFrame: { url: string; parent: null } = { url: '', parent: null };
    sent: unknown[] = [];
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    emit(event: string, ...args: unknown[]) {
      for (const l of this.listeners.get(event) ?? []) l(...args);
    }
    setWindowOpenHandler(handler: (d: { url: string }) => { action: string }) {
      this.openHandler = handler;
    }
    send(channel: string, payload: unknown) {
      this.sent.push([channel, payload]);
    }
  }
  class FakeBrowserWindow {
    static created: FakeBrowserWindow[] = [];
    webContents = new FakeWebContents();
    loaded: string | null = null;
    constructor(readonly options: unknown) {
      FakeBrowserWindow.created.push(this);
    }
    static fromWebContents(contents: unknown) {
      return FakeBrowserWindow.created.find((w) => w.webContents === contents) ?? null;
    }
    once() {
      return this;
    }
    loadURL(url: string) {
      this.loaded = url;
      return Promise.resolve();
    }
    isDestroyed() {
      return false;
    }
  }
  return {
    FakeBrowserWindow,
    FakeWebContents,
    openExternal: vi.fn(async () => undefined),
    /** The user's answer to "Open this link?": 0 opens, 1 cancels. */
    showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0 })),
  };
});

vi.mock('electron', () => ({
  BrowserWindow: fake.FakeBrowserWindow,
  shell: { openExternal: fake.openExternal },
  dialog: { showMessageBox: fake.showMessageBox },
}));

import { APP_BASE_URL, handleAppProtocol, resolveAppFile } from './app-protocol';
import { broadcast, EVENT_CHANNEL, registerRpc, RPC_CHANNEL } from './ipc';
import { hardenSession, hardenWebContents, isTrustedSender } from './security';
import { createMainWindow, mainWindowOptions } from './window';

const APP = APP_BASE_URL;
const INDEX = `${APP}index.html`;

function appWindow(url = INDEX) {
  const win = createMainWindow({ preloadPath: '/opt/p/preload.cjs', url: INDEX }) as unknown as InstanceType<
    typeof fake.FakeBrowserWindow
  >;
  win.webContents.mainFrame = { url, parent: null };
  return win;
}

beforeEach(() => {
  fake.FakeBrowserWindow.created.length = 0;
  fake.openExternal.mockClear();
  fake.showMessageBox.mockClear();
});

describe('main window', () => {
  it('is isolated and sandboxed, without Node or <webview>', () => {
    const prefs = mainWindowOptions('/p/preload.cjs').webPreferences!;
    expect(prefs).toMatchObject({
      preload: '/p/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
  });

  it('is created with those options and loads the app page from app://', () => {
    const win = appWindow();
    expect((win.options as { webPreferences: { sandbox: boolean } }).webPreferences.sandbox).toBe(true);
    expect(win.loaded).toBe('app://persona-studio/index.html');
  });
});

describe('IPC sender checks', () => {
  it("accepts the main frame of the app's own window showing the app's page", () => {
    const win = appWindow();
    expect(isTrustedSender({ sender: win.webContents as never, senderFrame: win.webContents.mainFrame }, APP)).toBe(
      true,
    );
  });

  it('refuses a sender that is not a window the app created', () => {
    const stranger = new fake.FakeWebContents();
    stranger.mainFrame = { url: INDEX, parent: null };
    expect(isTrustedSender({ sender: stranger as never, senderFrame: stranger.mainFrame }, APP)).toBe(false);
  });

  it('refuses a subframe, a page from elsewhere, and a missing frame', () => {
    const win = appWindow();
    const iframe = { url: INDEX, parent: win.webContents.mainFrame };
    expect(isTrustedSender({ sender: win.webContents as never, senderFrame: iframe }, APP)).toBe(false);
    const elsewhere = appWindow('https://evil.example/index.html');
    expect(
      isTrustedSender({ sender: elsewhere.webContents as never, senderFrame: elsewhere.webContents.mainFrame }, APP),
    ).toBe(false);
    const otherFile = appWindow('file:///opt/persona-studio/dist/renderer/index.html');
    expect(
      isTrustedSender({ sender: otherFile.webContents as never, senderFrame: otherFile.webContents.mainFrame }, APP),
    ).toBe(false);
    const otherHost = appWindow('app://other/index.html');
    expect(
      isTrustedSender({ sender: otherHost.webContents as never, senderFrame: otherHost.webContents.mainFrame }, APP),
    ).toBe(false);
    expect(isTrustedSender({ sender: win.webContents as never, senderFrame: null }, APP)).toBe(false);
  });

  it('app:rpc answers forbidden to an untrusted sender without dispatching, and dispatches for a trusted one', async () => {
    const handlers = new Map<string, (event: unknown, req: unknown) => Promise<unknown>>();
    const ipcMain = {
      handle: (ch: string, fn: (event: unknown, req: unknown) => Promise<unknown>) => void handlers.set(ch, fn),
      removeHandler: (ch: string) => void handlers.delete(ch),
    };
    const dispatch = vi.fn(async (req: { id: number | string }) => ({
      id: req.id,
      ok: true as const,
      output: { pong: true },
    }));
    const win = appWindow();
    registerRpc({ ipcMain: ipcMain as never, isTrusted: (e) => isTrustedSender(e, APP), dispatch });
    const rpc = handlers.get(RPC_CHANNEL)!;
    const stranger = new fake.FakeWebContents();
    const refused = await rpc(
      { sender: stranger, senderFrame: { url: INDEX, parent: null } },
      { id: 1, method: 'app.info', input: {} },
    );
    expect(refused).toEqual({
      id: 1,
      ok: false,
      error: { code: 'forbidden', message: 'This window is not allowed to call the app.' },
    });
    expect(dispatch).not.toHaveBeenCalled();
    const ok = await rpc(
      { sender: win.webContents, senderFrame: win.webContents.mainFrame },
      { id: 2, method: 'app.info', input: {} },
    );
    expect(ok).toEqual({ id: 2, ok: true, output: { pong: true } });
    const bad = await rpc({ sender: win.webContents, senderFrame: win.webContents.mainFrame }, { method: 42 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_input' } });
  });

  it('events go out on app:event to the app windows', () => {
    const win = appWindow();
    broadcast([win as never], { event: 'personas.changed', payload: { id: 'a' } });
    expect(win.webContents.sent).toEqual([[EVENT_CHANNEL, { event: 'personas.changed', payload: { id: 'a' } }]]);
  });
});

describe('the app:// protocol', () => {
  it('maps app://persona-studio/ paths into the renderer folder only', () => {
    expect(resolveAppFile('/r', 'app://persona-studio/')).toBe(path.join('/r', 'index.html'));
    expect(resolveAppFile('/r', 'app://persona-studio/assets/a.js?x=1')).toBe(path.join('/r', 'assets', 'a.js'));
    expect(resolveAppFile('/r', 'app://persona-studio/../etc/passwd')).toBe(path.join('/r', 'etc', 'passwd'));
    expect(resolveAppFile('/r', 'app://persona-studio/..%2f..%2fetc%2fpasswd')).toBeNull();
    expect(resolveAppFile('/r', 'app://elsewhere/index.html')).toBeNull();
    expect(resolveAppFile('/r', 'file:///r/index.html')).toBeNull();
  });

  it('serves the built files with the CSP header; anything else is 403 or 404', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ps-app-proto-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
    let handler: ((r: { url: string }) => Promise<Response>) | null = null;
    handleAppProtocol({ handle: (_scheme: string, h: typeof handler) => (handler = h) } as never, dir);
    const page = await handler!({ url: 'app://persona-studio/index.html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<title>x</title>');
    expect((await handler!({ url: 'app://persona-studio/missing.js' })).status).toBe(404);
    expect((await handler!({ url: 'app://persona-studio/..%2f..%2fetc%2fpasswd' })).status).toBe(403);
  });
});

describe('navigation, windows, permissions, CSP', () => {
  it('denies navigation away from the app and every new window; only https links reach the system browser', async () => {
    const contents = new fake.FakeWebContents();
    hardenWebContents(contents as never, APP);
    const nav = (url: string) => {
      const event = { preventDefault: vi.fn() };
      contents.emit('will-navigate', event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(nav('https://evil.example/')).toBe(true);
    expect(nav('file:///etc/passwd')).toBe(true);
    expect(nav('app://persona-studio.evil/index.html')).toBe(true);
    expect(nav(`${APP}index.html#/chat`)).toBe(false);
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
    expect(contents.openHandler!({ url: 'https://docs.openvoiceos.org/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'http://insecure.example/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(fake.openExternal).toHaveBeenCalledTimes(2));
    expect(fake.openExternal.mock.calls).toEqual([['https://evil.example/'], ['https://docs.openvoiceos.org/']]);
  });

  it('asks before opening a link, showing its whole URL; Cancel opens nothing', async () => {
    const contents = new fake.FakeWebContents();
    hardenWebContents(contents as never, APP);
    fake.showMessageBox.mockResolvedValueOnce({ response: 1 });
    const url = 'https://example.com/reset?token=abc';
    expect(contents.openHandler!({ url })).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(fake.showMessageBox).toHaveBeenCalledTimes(1));
    const options = fake.showMessageBox.mock.calls[0].at(-1) as { message: string; detail: string; buttons: string[] };
    expect(options.message).toBe('Open this link in your browser?');
    expect(options.detail).toContain(url);
    expect(options.buttons).toEqual(['Open in browser', 'Cancel']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fake.openExternal).not.toHaveBeenCalled();
    contents.openHandler!({ url });
    await vi.waitFor(() => expect(fake.openExternal).toHaveBeenCalledWith(url));
  });

  it('denies permission requests and checks, and sends a CSP header without eval or inline scripts', () => {
    let requestHandler: ((c: unknown, p: string, cb: (ok: boolean) => void) => void) | null = null;
    let checkHandler: (() => boolean) | null = null;
    let headersHandler:
      | ((
          d: { responseHeaders: Record<string, string[]> },
          cb: (r: { responseHeaders: Record<string, string[]> }) => void,
        ) => void)
      | null = null;
    hardenSession({
      setPermissionRequestHandler: (h: typeof requestHandler) => (requestHandler = h),
      setPermissionCheckHandler: (h: typeof checkHandler) => (checkHandler = h),
      webRequest: { onHeadersReceived: (h: typeof headersHandler) => (headersHandler = h) },
    } as never);
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read'])
      requestHandler!(null, permission, (ok) => answers.push(ok));
    expect(answers).toEqual([false, false, false, false]);
    expect(checkHandler!()).toBe(false);
    let headers: Record<string, string[]> = {};
    headersHandler!({ responseHeaders: { 'X-Other': ['1'] } }, (r) => (headers = r.responseHeaders));
    const csp = headers['Content-Security-Policy'][0];
    expect(headers['X-Other']).toEqual(['1']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
  });
});
