import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs `persona-studio serve` to its end: exit code and output. */
function serve(args: string[], home: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/persona-studio.js', 'serve', '--no-open', '--no-build', ...args],
      { env: { ...process.env, PERSONA_STUDIO_HOME: home }, timeout: 30_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

describe('persona-studio serve that cannot start', () => {
  it('on a port already in use: one clear line naming the port and --port, no stack trace, exit 1', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const result = await serve(['--port', String(port)], mkdtempSync(path.join(os.tmpdir(), 'ps-busy-')));
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `Cannot start: Port ${port} on 127.0.0.1 is already in use (another Persona Studio, or another program): stop it, or pick another with --port N (0 = any free port).`,
      );
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 40_000);

  it('on a data folder that cannot be created: one clear line naming it, no stack trace, exit 1', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ps-notdir-')), 'a-file');
    writeFileSync(file, 'not a folder');
    const home = path.join(file, 'data');
    const result = await serve(['--port', '0'], home);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Cannot start: Cannot use the data folder ${home}: ${home} cannot be created or written (a file is in the way). Set PERSONA_STUDIO_HOME to a writable folder.`,
    );
  }, 40_000);
});
