import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(root, 'bin', 'persona-studio.js');

/** A CLI child process with what it printed so far. */
export interface CliProcess {
  child: ChildProcess;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Its exit code and all it printed, once its output is closed. */
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  output(): { stdout: string; stderr: string };
}

/**
 * Starts the real CLI (`bin/persona-studio.js`) on the data folder `home`, from the repo root; `env` adds variables.
 * Its stdin is a pipe left open, no stdin at all (`'ignore'`), or `{ text }` written and closed.
 */
export function spawnCli(
  args: string[],
  home: string,
  env: Record<string, string> = {},
  stdin: 'pipe' | 'ignore' | { text: string } = 'pipe',
): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: root,
    env: { ...process.env, PERSONA_STUDIO_HOME: home, ...env },
    stdio: [stdin === 'ignore' ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (typeof stdin === 'object') child.stdin!.end(stdin.text);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, exited, done, output: () => ({ stdout, stderr }) };
}

/** Runs the real CLI to its end on the data folder `home`, its stdin a pipe (no terminal): status and output. */
export function runCli(args: string[], home: string, timeoutMs = 30_000) {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd: root,
    env: { ...process.env, PERSONA_STUDIO_HOME: home },
    encoding: 'utf8',
    timeout: timeoutMs,
  });
}
