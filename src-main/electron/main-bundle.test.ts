import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the bundled Electron main process (main.cjs built by scripts/build.js)', () => {
  it('starts on a fake electron module: hardened window on app://, data in userData, API over app:rpc with sender checks', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'ps-dist-'));
    await run(process.execPath, ['scripts/build.js', '--only', 'main,preload', '--out', out]);
    mkdirSync(path.join(out, 'renderer'));
    writeFileSync(path.join(out, 'renderer', 'index.html'), '<!doctype html><div id="root"></div>');
    const userData = mkdtempSync(path.join(os.tmpdir(), 'ps-userdata-'));
    const env: NodeJS.ProcessEnv = { ...process.env, FAKE_USER_DATA: userData };
    delete env.PERSONA_STUDIO_HOME;
    const { stdout } = await run(
      process.execPath,
      ['--import', './src-main/electron/testing/fake-electron.mjs', path.join(out, 'main', 'main.cjs')],
      { env, timeout: 30_000 },
    );
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { label: string; value: unknown });
    const out_ = Object.fromEntries(lines.map((l) => [l.label, l.value])) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(out_.window.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    expect(out_.window.webPreferences.preload).toBe(path.join(out, 'preload', 'preload.cjs'));
    expect(out_.window.loaded).toBe('app://persona-studio/index.html');
    expect(out_.window.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(out_.page).toMatchObject({ status: 200, hasRoot: true });
    expect(out_.page.csp).toContain("script-src 'self'");
    expect(out_.trusted.ok).toBe(true);
    expect(out_.trusted.output.personas[0]).toMatchObject({
      id: 'assistant',
      path: path.join(userData, 'personas', 'assistant.json'),
    });
    expect(out_.tool).toMatchObject({
      ok: true,
      output: { result: { result: 1024, expression: '2^10', error: null } },
    });
    expect(out_.untrusted).toEqual({
      id: 2,
      ok: false,
      error: { code: 'forbidden', message: 'This window is not allowed to call the app.' },
    });
    // One personas.changed for the save while the window showed the app; none for the one while it showed another page.
    expect(out_.events).toEqual([['app:event', 'personas.changed']]);
    expect(out_.quitting).toEqual({ prevented: true });
    expect(out_.exit).toEqual({ code: 0 });
  }, 60_000);

  it('on a data folder it cannot use, shows an error box naming it and exits 1 (no window, no hang)', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'ps-dist-'));
    await run(process.execPath, ['scripts/build.js', '--only', 'main,preload', '--out', out]);
    const blocker = path.join(mkdtempSync(path.join(os.tmpdir(), 'ps-userdata-')), 'a-file');
    writeFileSync(blocker, 'not a folder');
    const env: NodeJS.ProcessEnv = { ...process.env, FAKE_USER_DATA: blocker };
    delete env.PERSONA_STUDIO_HOME;
    const result = await run(
      process.execPath,
      ['--import', './src-main/electron/testing/fake-electron.mjs', path.join(out, 'main', 'main.cjs')],
      { env, timeout: 30_000 },
    ).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { label: string; value: unknown });
    expect(result.code).toBe(1);
    expect(lines.map((l) => l.label)).toEqual(['errorBox', 'exit']);
    expect(lines[0].value).toEqual({
      title: 'Persona Studio cannot start',
      content: `Cannot use the data folder ${blocker}: ${blocker} cannot be created or written (a file is in the way). Set PERSONA_STUDIO_HOME to a writable folder.`,
    });
  }, 60_000);
});
