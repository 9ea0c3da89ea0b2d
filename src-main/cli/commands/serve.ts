import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from '../index';
import { resolveDataDir } from '../../core/data-dir';
import { StudioError } from '../../core/errors';
import { browserOpener, noBrowserReason } from '../../host/open-browser';
import { startHost } from '../../host/host';

const usage = `Usage: persona-studio serve [--port N] [--no-open] [--no-build]

Browser mode: serves the app on http://127.0.0.1:PORT (PORT 0 = any free port) with a fresh token
in the printed address; only this machine can connect, and only with that token.
  --port N     the port (default 5180)
  --no-open    do not open a browser
  --no-build   do not build the renderer when dist/renderer is missing
Data folder: $PERSONA_STUDIO_HOME, else ~/.config/persona-studio.`;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function parsePort(args: string[]): number | null {
  const i = args.indexOf('--port');
  const raw = i >= 0 ? args[i + 1] : args.find((a) => a.startsWith('--port='))?.slice('--port='.length);
  if (raw === undefined) return 5180;
  const port = Number(raw);
  return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : null;
}

/** Builds the renderer with vite when it is missing; returns whether index.html exists afterwards. */
function ensureRenderer(staticDir: string): boolean {
  if (existsSync(path.join(staticDir, 'index.html'))) return true;
  process.stderr.write('The renderer is not built yet: building it (vite build)...\n');
  const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0)
    process.stderr.write("Building the renderer failed; run 'npm run build' and reload the page.\n");
  return existsSync(path.join(staticDir, 'index.html'));
}

function version(): string {
  try {
    return (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** `persona-studio serve`: the app in a browser, on 127.0.0.1 only. Runs until interrupted. */
export const command: Command = {
  summary: 'run the app in a browser (127.0.0.1 only, token-protected)',
  usage,
  async run(args) {
    const port = parsePort(args);
    if (port === null) {
      process.stderr.write(`--port takes a number from 0 to 65535.\n\n${usage}\n`);
      return 2;
    }
    const staticDir = path.join(repoRoot, 'dist', 'renderer');
    if (!args.includes('--no-build')) ensureRenderer(staticDir);
    const wantOpen = !args.includes('--no-open');
    let host;
    try {
      host = await startHost({
        port,
        dataDir: resolveDataDir(),
        open: wantOpen && browserOpener() !== null,
        staticDir,
        version: version(),
      });
    } catch (error) {
      // A port in use or an unusable data folder: one clear line, no stack trace.
      if (!(error instanceof StudioError)) throw error;
      process.stderr.write(`Cannot start: ${error.message}\n`);
      return 1;
    }
    process.stdout.write(`Persona Studio is running at ${host.url}\n`);
    if (wantOpen && !browserOpener()) process.stderr.write(`${noBrowserReason()}\n`);
    process.stderr.write(`Data folder: ${host.app.context.dataDir}. Press Ctrl+C to stop.\n`);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await host.close();
    return 0;
  },
};
