import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BusToolBox } from '../src-main/core/toolboxes/bus';
import { MathToolBox } from '../src-main/core/toolboxes/math';
import { ToolInputError, ToolRegistry, executeToolCall } from '../src-main/core/toolbox';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin', 'persona-studio.js');
const EVERYTHING = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

/** Starts `persona-studio bus --port 0` and resolves with its URL once it printed it. */
function startBusProcess(
  home: string,
  configFile: string,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [BIN, 'bus', '--port', '0', '--config', configFile, '--yes'], {
    cwd: ROOT,
    env: { ...process.env, PERSONA_STUDIO_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bus process did not start in time:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /OVOS bus at (ws:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`bus process exited (${code}):\n${output}`)));
  });
}

describe('two processes on one bus', () => {
  let home: string;
  let bus: Awaited<ReturnType<typeof startBusProcess>>;
  let remote: BusToolBox;
  const local = new MathToolBox();

  beforeAll(async () => {
    home = await mkdtemp(path.join(tmpdir(), 'ps-bus-2p-'));
    const configFile = path.join(home, 'toolboxes.json');
    await writeFile(
      configFile,
      JSON.stringify({ 'ovos-mcp-toolbox': { command: process.execPath, args: [EVERYTHING, 'stdio'] } }),
    );
    bus = await startBusProcess(home, configFile);
    remote = new BusToolBox({ config: { url: bus.url, discover_timeout_ms: 1000 } });
    await Promise.all([remote.ready, local.ready]);
  }, 30_000);
  afterAll(async () => {
    await remote?.close();
    if (bus && bus.child.exitCode === null) {
      const exited = new Promise((resolve) => bus.child.once('exit', resolve));
      bus.child.kill('SIGTERM');
      await exited;
    }
    await rm(home, { recursive: true, force: true });
  });

  test("the other process's tools are listed here with their schemas", () => {
    expect(remote.discoveryError).toBeNull();
    for (const json of local.toolJsonList) expect(remote.toolJsonList.find((t) => t.name === json.name)).toEqual(json);
    expect(remote.tools.has('get-sum')).toBe(true);
  });

  test('and callable, with validation errors coming back as input errors', async () => {
    const registry = new ToolRegistry([remote]);
    const run = await executeToolCall(registry, 'evaluate_expression', { expression: '12*9' }, { timeoutMs: 10_000 });
    expect(run).toMatchObject({
      ok: true,
      result: { result: 108, expression: '12*9', error: null },
      toolboxId: 'ovos-bus-toolbox',
    });

    const sum = await remote.callTool('get-sum', { a: 2, b: 40 });
    expect(sum).toMatchObject({ content: 'The sum of 2 and 40 is 42.', is_error: false });

    // Valid here, refused there: the remote ValueError keeps its kind.
    remote.tools.set('evaluate_expression', {
      ...remote.tools.get('evaluate_expression')!,
      argumentSchema: { type: 'object' },
    });
    const refused = await remote.callTool('evaluate_expression', { expression: 7 }).catch((e) => e);
    expect(refused).toBeInstanceOf(ToolInputError);
    expect(refused.message).toBe("Tool input validation failed for 'evaluate_expression' in ToolBox 'ovos-math-tools'");
    expect(refused.details.cause).toBe(`remote ValueError from toolbox 'ovos-math-tools' on ${bus.url}`);
  });
});
