#!/usr/bin/env node
// `npm start`: builds what is missing, then launches Electron. Where the Electron runtime is missing and
// cannot be downloaded, prints one line saying so and runs browser mode (`persona-studio serve`) instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const electronDir = path.join(root, 'node_modules', 'electron');

/** The Electron executable, as the electron package resolves it, or null when it is not installed. */
function electronBinary() {
  const pathFile = path.join(electronDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const candidate = path.join(override, relative || 'electron');
    return existsSync(candidate) ? candidate : null;
  }
  if (!relative) return null;
  const candidate = path.join(electronDir, 'dist', relative);
  return existsSync(candidate) ? candidate : null;
}

/** Tries the electron package's own download, quietly; false when it cannot (offline, blocked, skipped). */
function tryDownload() {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD || process.env.ELECTRON_OVERRIDE_DIST_PATH) return false;
  if (!existsSync(path.join(electronDir, 'install.js'))) return false;
  const r = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
    cwd: electronDir,
    stdio: 'ignore',
    timeout: 120_000,
  });
  return r.status === 0;
}

/**
 * Runs the app as a child and stops it with us: signals are forwarded, and when our parent goes away without
 * passing one on (`npm start` stopped with SIGTERM kills npm's shell, not us), the child is stopped too.
 */
function run(cmd, argv) {
  const child = spawn(cmd, argv, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent) child.kill('SIGTERM');
  }, 500);
  watch.unref();
  child.on('exit', (code, signal) => {
    clearInterval(watch);
    process.exit(code ?? (signal ? 1 : 0));
  });
}

let binary = electronBinary();
if (!binary && tryDownload()) binary = electronBinary();

if (binary) {
  // main and preload take well under a second: always fresh; the renderer only when missing.
  for (const step of [
    ['--only', 'main,preload'],
    ['--only', 'renderer', '--if-missing'],
  ]) {
    const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.js'), ...step], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  run(binary, [root, ...args]);
} else {
  process.stdout.write(
    "Electron's runtime is not installed here and cannot be downloaded: starting browser mode instead (persona-studio serve).\n",
  );
  run(process.execPath, [path.join(root, 'bin', 'persona-studio.js'), 'serve', ...args]);
}
