import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../src-main/core/testing/process-alive';

/** The start script's options for a test: any free port, no browser, no renderer build. */
const ARGS = ['--port', '0', '--no-open', '--no-build'];

/**
 * Runs `command` (the start script, directly or through npm) on a fresh data folder where Electron's runtime is
 * missing, until it says where it serves; its stdout so far and that URL.
 */
async function startWithoutElectron(command: string, args: string[]) {
  const home = mkdtempSync(path.join(os.tmpdir(), 'ps-start-'));
  const noElectron = mkdtempSync(path.join(os.tmpdir(), 'ps-no-electron-'));
  const child = spawn(command, args, {
    env: { ...process.env, PERSONA_STUDIO_HOME: home, ELECTRON_OVERRIDE_DIST_PATH: noElectron },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const match = /Persona Studio is running at (\S+)/.exec(stdout);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`${command} ${args[0]} exited (${code}): ${stdout}`)));
  });
  return { child, url, stdout };
}

describe('npm start without the Electron runtime', () => {
  it('says so in one line, then serves browser mode with the CSP', async () => {
    const { child, url, stdout } = await startWithoutElectron(process.execPath, ['scripts/start.js', ...ARGS]);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(
      "Electron's runtime is not installed here and cannot be downloaded: starting browser mode instead (persona-studio serve).",
    );
    expect(lines).toHaveLength(2);
    const page = await fetch(url);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it('stopping `npm start` with SIGTERM stops the server it started (issue 11.22)', async () => {
    // npm runs the script through a shell; SIGTERM to npm ends npm and that shell, never start.js itself.
    const { child: npm, url } = await startWithoutElectron('npm', ['start', '--silent', '--', ...ARGS]);
    expect((await fetch(url)).status).toBeGreaterThan(0); // 503 without a built renderer: serving all the same
    npm.kill('SIGTERM');
    const deadline = Date.now() + 15_000;
    let serving = true;
    while (serving && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      serving = await fetch(url).then(
        () => true,
        () => false,
      );
    }
    expect(serving).toBe(false);
    expect(isAlive(npm.pid!)).toBe(false);
  }, 60_000);
});
