import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../testing/process-alive';
import { ShellToolBox, shellToolbox } from './index';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shell-tools-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const shell = (config: Record<string, unknown> = {}) => new ShellToolBox({ config: { allow_shell: true, ...config } });
const waitFor = async (check: () => Promise<boolean> | boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
};

describe.skipIf(process.platform === 'win32')('ShellToolBox (ovos-shell-tools)', () => {
  it("has OVOS's id and run_command", async () => {
    const tb = shell();
    await tb.ready;
    expect(shellToolbox.id).toBe('ovos-shell-tools');
    expect([...tb.tools.keys()]).toEqual(['run_command']);
    expect(tb.toolJsonList[0].argument_schema.properties).toMatchObject({
      command: { type: 'string' },
      cwd: { default: '.' },
      timeout: { default: 30 },
    });
  });

  it('runs a command in cwd and answers stdout, stderr, returncode and success', async () => {
    expect(await shell().callTool('run_command', { command: 'pwd; echo oops >&2', cwd: dir })).toEqual({
      stdout: `${await import('node:fs/promises').then((f) => f.realpath(dir))}\n`,
      stderr: 'oops\n',
      returncode: 0,
      success: true,
    });
    expect(await shell().callTool('run_command', { command: 'exit 3' })).toEqual({
      stdout: '',
      stderr: '',
      returncode: 3,
      success: false,
    });
  });

  it("is off by default: OVOS's 'Shell execution is disabled' and nothing runs", async () => {
    const marker = path.join(dir, 'ran');
    const out = await new ShellToolBox().callTool('run_command', { command: `touch ${marker}` });
    expect(out).toEqual({
      stdout: '',
      stderr: 'Shell execution is disabled (allow_shell=False).',
      returncode: -1,
      success: false,
    });
    await expect(readFile(marker)).rejects.toThrow(/ENOENT/);
  });

  it("allowed_commands refuses other commands with OVOS's policy message", async () => {
    const tb = shell({ allowed_commands: ['echo', 'git status'] });
    expect(await tb.callTool('run_command', { command: 'rm -rf /tmp/x' })).toEqual({
      stdout: '',
      stderr: "Command not permitted by allowed_commands policy: 'rm'.",
      returncode: -1,
      success: false,
    });
    expect(await tb.callTool('run_command', { command: 'echo ok' })).toMatchObject({ stdout: 'ok\n', success: true });
  });

  it('caps the requested timeout at max_timeout and kills the whole process tree', async () => {
    const pidFile = path.join(dir, 'child.pid');
    const started = Date.now();
    const out = await shell({ max_timeout: 1 }).callTool('run_command', {
      command: `sleep 30 & echo $! > ${pidFile}; wait`,
      timeout: 60,
    });
    const took = Date.now() - started;
    expect(out).toEqual({
      stdout: '',
      stderr: 'Command timed out after 1 seconds.',
      returncode: -1,
      success: false,
    });
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(5000);
    const child = Number(await readFile(pidFile, 'utf8'));
    expect(await waitFor(() => !isAlive(child))).toBe(true);
  });

  it('a timeout below max_timeout is used as asked', async () => {
    const out = await shell({ max_timeout: 120 }).callTool('run_command', { command: 'sleep 5', timeout: 1 });
    expect(out.stderr).toBe('Command timed out after 1 seconds.');
  });

  it('a cancelled call kills the process tree', async () => {
    const pidFile = path.join(dir, 'cancel.pid');
    const controller = new AbortController();
    const call = shell().callTool(
      'run_command',
      { command: `sleep 30 & echo $! > ${pidFile}; wait` },
      { signal: controller.signal },
    );
    expect(
      await waitFor(() =>
        readFile(pidFile, 'utf8').then(
          (t) => t.trim() !== '',
          () => false,
        ),
      ),
    ).toBe(true);
    controller.abort();
    await call;
    expect(await waitFor(() => readFile(pidFile, 'utf8').then((t) => !isAlive(Number(t))))).toBe(true);
  });

  it('keeps at most max_output_bytes of output and says how much was dropped', async () => {
    const out = await shell({ max_output_bytes: 10 }).callTool('run_command', { command: 'printf "%050d" 0' });
    expect(out.stdout).toBe('0000000000\n[output truncated: 40 more bytes not kept]');
  });

  it("a missing cwd is OVOS's 'Error executing command'", async () => {
    const out = await shell().callTool('run_command', { command: 'echo hi', cwd: path.join(dir, 'missing') });
    expect(out).toMatchObject({
      stdout: '',
      stderr: expect.stringMatching(/^Error executing command: .*ENOENT/),
      returncode: -1,
      success: false,
    });
  });
});
