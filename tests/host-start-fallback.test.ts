import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../src-main/core/testing/process-alive';

describe('npm start without the Electron runtime', () => {
  it('says so in one line, then serves browser mode with the CSP', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'ps-start-'));
    const noElectron = mkdtempSync(path.join(os.tmpdir(), 'ps-no-electron-'));
    const child = spawn(process.execPath, ['scripts/start.js', '--port', '0', '--no-open', '--no-build'], {
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
      child.on('exit', (code) => reject(new Error(`start exited (${code}): ${stdout}`)));
    });
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
    const home = mkdtempSync(path.join(os.tmpdir(), 'ps-start-'));
    const noElectron = mkdtempSync(path.join(os.tmpdir(), 'ps-no-electron-'));
    // npm runs the script through a shell; SIGTERM to npm ends npm and that shell, never start.js itself.
    const npm = spawn('npm', ['start', '--silent', '--', '--port', '0', '--no-open', '--no-build'], {
      env: { ...process.env, PERSONA_STUDIO_HOME: home, ELECTRON_OVERRIDE_DIST_PATH: noElectron },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    const url = await new Promise<string>((resolve, reject) => {
      npm.stdout!.on('data', (d: Buffer) => {
        stdout += d.toString();
        const match = /Persona Studio is running at (\S+)/.exec(stdout);
        if (match) resolve(match[1]);
      });
      npm.on('exit', (code) => reject(new Error(`npm start exited (${code}): ${stdout}`)));
    });
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
