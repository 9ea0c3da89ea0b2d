import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The command that opens a URL in the default browser on this OS, or null when there is none (headless Linux). */
export function browserOpener(platform = process.platform, env = process.env): { cmd: string; args: string[] } | null {
  if (platform === 'darwin') return { cmd: 'open', args: [] };
  if (platform === 'win32') return { cmd: 'cmd', args: ['/c', 'start', '""'] };
  const dirs = (env.PATH ?? '').split(path.delimiter);
  const found = dirs.some((d) => d && existsSync(path.join(d, 'xdg-open')));
  if (!found || (!env.DISPLAY && !env.WAYLAND_DISPLAY)) return null;
  return { cmd: 'xdg-open', args: [] };
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
