import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the bundled Electron main process (dist/main/main.cjs)', () => {
  it('starts on a fake electron module: hardened window, data in userData, API over app:rpc with sender checks', async () => {
    await run(process.execPath, ['scripts/build.js', '--only', 'main']);
    const userData = mkdtempSync(path.join(os.tmpdir(), 'ps-userdata-'));
    const env: NodeJS.ProcessEnv = { ...process.env, FAKE_USER_DATA: userData };
    delete env.PERSONA_STUDIO_HOME;
    const { stdout } = await run(process.execPath, ['--import', './src-main/electron/testing/fake-electron.mjs', 'dist/main/main.cjs'], { env, timeout: 30_000 });
    const out = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { label: string; value: unknown })
        .map((l) => [l.label, l.value]),
    ) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(out.window.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
    expect(out.window.webPreferences.preload).toBe(path.resolve('dist/preload/preload.cjs'));
    expect(out.window.loaded).toBe(path.resolve('dist/renderer/index.html'));
    expect(out.trusted.ok).toBe(true);
    expect(out.trusted.output.personas[0]).toMatchObject({ id: 'assistant', path: path.join(userData, 'personas', 'assistant.json') });
    expect(out.tool).toMatchObject({ ok: true, output: { result: { result: 1024, expression: '2^10', error: null } } });
    expect(out.untrusted).toEqual({ id: 2, ok: false, error: { code: 'forbidden', message: 'This window is not allowed to call the app.' } });
  }, 60_000);
});
