import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Browsers tried on Linux when xdg-open is missing, in this order. */
const LINUX_BROWSERS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'firefox'];

function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  if (name.includes('/')) return existsSync(name) ? name : null;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/**
 * The command that opens a URL in a browser on this OS, or null when there is none: `$BROWSER` when set, else
 * `open` (macOS), `start` (Windows), xdg-open or an installed browser (chromium, chrome, firefox) on Linux with a
 * display.
 */
export function browserOpener(platform = process.platform, env = process.env): { cmd: string; args: string[] } | null {
  if (platform === 'darwin') return { cmd: 'open', args: [] };
  if (platform === 'win32') return { cmd: 'cmd', args: ['/c', 'start', '""'] };
  if (env.BROWSER === 'none') return null;
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  const fromEnv = env.BROWSER ? onPath(env.BROWSER, env) : null;
  if (fromEnv) return { cmd: fromEnv, args: [] };
  const xdg = onPath('xdg-open', env);
  if (xdg) return { cmd: xdg, args: [] };
  for (const name of LINUX_BROWSERS) {
    const found = onPath(name, env);
    if (found) return { cmd: found, args: [] };
  }
  return null;
}

/** Why no browser can be opened, in words a user can act on (only meaningful when browserOpener() is null). */
export function noBrowserReason(env = process.env): string {
  if (env.BROWSER === 'none') return 'BROWSER=none: open the address above in a browser.';
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY)
    return 'No display to open a browser on (DISPLAY and WAYLAND_DISPLAY are unset): open the address above in a browser.';
  return `No browser found (no xdg-open, ${LINUX_BROWSERS.join(', ')}): open the address above in one, or set BROWSER=/path/to/browser.`;
}

/** Opens the URL in the system browser, detached; returns false when the machine has no way to. */
export function openBrowser(url: string): boolean {
  const opener = browserOpener();
  if (!opener) return false;
  try {
    const child = spawn(opener.cmd, [...opener.args, url], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
