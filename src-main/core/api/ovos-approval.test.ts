import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PauseState } from '../../../shared/domain/debug';
import type { TraceEvent } from '../../../shared/domain/trace';
import type { MethodInput, MethodName, MethodOutput } from '../../../shared/ipc/contract';
import type { RpcEvent } from '../../../shared/ipc/envelope';
import { startScriptedOpenAIServer, type ScriptedServer } from '../testing/scripted-openai-server';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

let app: App;
let dataDir: string;
let root: string;
let provider: ScriptedServer;
let events: RpcEvent[];

async function ok<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const response = await dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
  if (!response.ok) throw new Error(`${method}: ${response.error.message}`);
  return response.output as MethodOutput<M>;
}
async function until<T>(find: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
const paused = () => events.filter((e) => e.event === 'debug.paused').map((e) => e.payload as PauseState);
const trace = () =>
  events.filter((e) => e.event === 'chat.trace').map((e) => (e.payload as { event: TraceEvent }).event);

beforeEach(async () => {
  provider = await startScriptedOpenAIServer();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ps-ovos-approval-'));
  root = mkdtempSync(path.join(os.tmpdir(), 'ps-ovos-root-'));
  app = await createApp({ dataDir, mode: 'browser' });
  events = [];
  app.onEvent((e) => events.push(e));
});
afterEach(async () => {
  await app.close();
  await provider.close();
  rmSync(root, { recursive: true, force: true });
});

function persona() {
  return {
    name: 'Ops',
    handlers: ['ovos-native-toolcall-loop'],
    'ovos-native-toolcall-loop': {
      brain: 'ovos-chat-openai-plugin',
      toolboxes: ['ovos-shell-tools', 'ovos-filesystem-tools'],
      'ovos-shell-tools': { allow_shell: true },
      'ovos-filesystem-tools': { root_path: root },
      'ovos-chat-openai-plugin': { model: 'm', api_url: provider.url },
    },
  };
}

describe('approval of the OVOS shell and filesystem toolboxes', () => {
  it('run_command and write_file pause for approval by default; read_file runs without asking', async () => {
    provider.setReplies(
      { toolCalls: [{ name: 'read_file', arguments: { path: 'missing.txt' } }] },
      { toolCalls: [{ name: 'write_file', arguments: { path: 'out.txt', content: 'hi' } }] },
      { toolCalls: [{ name: 'run_command', arguments: { command: 'echo approved' } }] },
      { content: 'Done.' },
    );
    const { id } = await ok('personas.save', { persona: persona() });
    const { runId } = await ok('chat.send', { personaId: id, message: 'go' });

    const write = await until(() => paused()[0]);
    expect(write).toMatchObject({ runId, reason: 'approval', at: { kind: 'tool', name: 'write_file' } });
    expect(trace().find((e) => e.type === 'tool_result' && e.name === 'read_file')).toBeDefined();
    await ok('debug.resume', { runId, pauseId: write.pauseId, action: { action: 'continue' } });

    const shell = await until(() => paused()[1]);
    expect(shell).toMatchObject({
      reason: 'approval',
      at: { kind: 'tool', name: 'run_command', toolboxId: 'ovos-shell-tools' },
    });
    await ok('debug.resume', { runId, pauseId: shell.pauseId, action: { action: 'continue' } });

    await until(() => trace().find((e) => e.type === 'run_finished'));
    expect(readFileSync(path.join(root, 'out.txt'), 'utf8')).toBe('hi');
    const ran = trace().find((e) => e.type === 'tool_result' && e.name === 'run_command');
    expect(ran).toMatchObject({ result: { stdout: 'approved\n', success: true } });
    expect(paused()).toHaveLength(2);
  });
});
