// A stand-in for the 'electron' module, preloaded with `node --import` to run the bundled main process where the
// Electron runtime cannot be installed. It records the window and IPC handler, then makes one trusted and
// one untrusted app:rpc call and prints the answers as JSON lines.
import Module, { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const handlers = new Map();
const protocols = new Map();
const windows = [];

class WebContents {
  constructor(url) {
    this.mainFrame = { url, parent: null };
  }
  on() {}
  setWindowOpenHandler() {}
  send(channel, payload) {
    this.sent.push([channel, payload]);
  }
  sent = [];
}
class BrowserWindow {
  constructor(options) {
    this.options = options;
    this.webContents = new WebContents('app://persona-studio/index.html');
    windows.push(this);
    if (windows.length === 1) setImmediate(check);
  }
  static fromWebContents(wc) {
    return windows.find((w) => w.webContents === wc) ?? null;
  }
  static getAllWindows() {
    return windows;
  }
  once() {}
  on() {}
  loadURL(url) {
    this.loaded = url;
    return Promise.resolve();
  }
  isDestroyed() {
    return false;
  }
}

async function check() {
  const rpc = handlers.get('app:rpc');
  const win = windows[0];
  print('window', { webPreferences: win.options.webPreferences, loaded: win.loaded, privileged: privileged });
  const serve = protocols.get('app');
  const page = await serve({ url: win.loaded });
  print('page', {
    status: page.status,
    csp: page.headers.get('content-security-policy'),
    hasRoot: (await page.text()).includes('id="root"'),
  });
  print(
    'trusted',
    await rpc(
      { sender: win.webContents, senderFrame: win.webContents.mainFrame },
      { id: 1, method: 'personas.list', input: {} },
    ),
  );
  print(
    'tool',
    await rpc(
      { sender: win.webContents, senderFrame: win.webContents.mainFrame },
      {
        id: 3,
        method: 'tools.call',
        input: { toolboxId: 'ovos-math-tools', name: 'evaluate_expression', arguments: { expression: '2^10' } },
      },
    ),
  );
  const stranger = new WebContents(win.webContents.mainFrame.url);
  print(
    'untrusted',
    await rpc({ sender: stranger, senderFrame: stranger.mainFrame }, { id: 2, method: 'personas.list', input: {} }),
  );
  // Events reach the app's window while it shows the app's page, and not once it shows anything else.
  // The saves come from a second window (trusted by its page; not one main.ts sends events to).
  const other = new BrowserWindow({});
  other.loadURL(win.loaded);
  const save = async (id) => {
    const as = { sender: other.webContents, senderFrame: other.webContents.mainFrame };
    const got = await rpc(as, { id, method: 'personas.get', input: { id: 'assistant' } });
    await rpc(as, { id, method: 'personas.save', input: { id: 'assistant', persona: got.output.persona } });
  };
  await save(4);
  const appPage = win.webContents.mainFrame.url;
  win.webContents.mainFrame.url = 'https://elsewhere.example/';
  await save(5);
  win.webContents.mainFrame.url = appPage;
  print(
    'events',
    win.webContents.sent.map(([channel, payload]) => [channel, payload.event]),
  );
  // Quitting waits for the app to close, then exits.
  let prevented = false;
  for (const listener of appListeners.get('will-quit') ?? []) listener({ preventDefault: () => (prevented = true) });
  print('quitting', { prevented });
}

let privileged = null;
const appListeners = new Map();
const print = (label, value) => process.stdout.write(`${JSON.stringify({ label, value })}\n`);
const electron = {
  protocol: {
    registerSchemesAsPrivileged: (schemes) => (privileged = schemes),
    handle: (scheme, fn) => protocols.set(scheme, fn),
  },
  app: {
    enableSandbox() {},
    on(name, listener) {
      appListeners.set(name, [...(appListeners.get(name) ?? []), listener]);
    },
    exit(code) {
      print('exit', { code });
      process.exit(code);
    },
    whenReady: () => Promise.resolve(),
    getPath: () => process.env.FAKE_USER_DATA,
    getVersion: () => '0.0.0-test',
    quit() {},
  },
  BrowserWindow,
  ipcMain: { handle: (ch, fn) => handlers.set(ch, fn), removeHandler: (ch) => handlers.delete(ch) },
  session: {
    defaultSession: {
      setPermissionRequestHandler() {},
      setPermissionCheckHandler() {},
      webRequest: { onHeadersReceived() {} },
    },
  },
  shell: { openExternal: async () => undefined },
  dialog: {
    showErrorBox: (title, content) => print('errorBox', { title, content }),
    showMessageBox: async () => ({ response: 1 }),
  },
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'electron') return 'electron';
  return resolve.call(this, request, ...rest);
};
require.cache.electron = { id: 'electron', filename: 'electron', loaded: true, exports: electron };
