import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from '../index';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** `persona-studio start` = `npm start`: the desktop app, or browser mode where Electron cannot run. */
export const command: Command = {
  summary: 'start the desktop app (browser mode where Electron is missing)',
  usage: `Usage: persona-studio start [serve options]

Builds what is missing and launches Electron. Where the Electron runtime is missing and cannot be
downloaded, says so in one line and runs 'persona-studio serve' instead (options are passed on).`,
  run(args) {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'start.js'), ...args], {
        cwd: repoRoot,
        stdio: 'inherit',
      });
      const forward = (signal: NodeJS.Signals) => child.kill(signal);
      process.on('SIGINT', forward);
      process.on('SIGTERM', forward);
      child.on('exit', (code) => {
        process.off('SIGINT', forward);
        process.off('SIGTERM', forward);
        resolve(code ?? 1);
      });
    });
  },
};
