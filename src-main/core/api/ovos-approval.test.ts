import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppKit } from '../testing/app-kit';
import { until } from '../testing/until';

const kit = useAppKit({ prefix: 'ovos-approval' });
const { ok, paused, trace } = kit;
let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'ps-ovos-root-'));
});
afterEach(() => {
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
      'ovos-chat-openai-plugin': { model: 'm', api_url: kit.provider.url },
    },
  };
}

describe('approval of the OVOS shell and filesystem toolboxes', () => {
  it('run_command and write_file pause for approval by default; read_file runs without asking', async () => {
    kit.provider.setReplies(
      { toolCalls: [{ name: 'read_file', arguments: { path: 'missing.txt' } }] },
      { toolCalls: [{ name: 'write_file', arguments: { path: 'out.txt', content: 'hi' } }] },
      { toolCalls: [{ name: 'run_command', arguments: { command: 'echo approved' } }] },
      { content: 'Done.' },
    );
    const { id } = await ok('personas.save', { persona: persona() });
    const { runId } = await ok('chat.send', { personaId: id, message: 'go' });

    const write = await until(() => paused()[0]);
    expect(write).toMatchObject({ runId, reason: 'approval', at: { kind: 'tool', name: 'write_file' } });
    expect(await until(() => trace().find((e) => e.type === 'tool_result' && e.name === 'read_file'))).toBeDefined();
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
