import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MethodInput, MethodName, ProgramInfo } from '../../../shared/ipc/contract';
import type { RpcResponse } from '../../../shared/ipc/envelope';
import { createApp, type App } from './app';
import { dispatch } from './dispatch';

const ENGINE = 'ovos-native-toolcall-loop';
let app: App;
let home: string;
let marker: string;

function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<RpcResponse> {
  return dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });
}
const output = <T>(r: RpcResponse) => {
  expect(r).toMatchObject({ ok: true });
  return (r as { output: T }).output;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A "server" that only leaves a marker file when it starts: proof that a program ran. */
const persona = (script: string, where: 'engine' | 'top' = 'engine') => {
  const block = { command: process.execPath, args: ['-e', script], cwd: home, env: { NODE_OPTIONS: '--no-warnings' } };
  return {
    name: 'Marker',
    handlers: [ENGINE],
    [ENGINE]: {
      brain: 'ovos-chat-openai-plugin',
      'ovos-chat-openai-plugin': { model: 'm', api_url: 'http://127.0.0.1:9/v1' },
      toolboxes: ['ovos-math-tools', 'ovos-mcp-toolbox:marker'],
      ...(where === 'engine' ? { 'ovos-mcp-toolbox:marker': block } : {}),
    },
    ...(where === 'top' ? { 'ovos-mcp-toolbox:marker': block } : {}),
  };
};
const touch = () => `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`;

beforeEach(async () => {
  home = mkdtempSync(path.join(os.tmpdir(), 'ps-approvals-api-'));
  marker = path.join(home, 'marker.txt');
  app = await createApp({ dataDir: home, mode: 'browser' });
});

afterEach(async () => {
  await app.close();
});

describe('programs of a persona', () => {
  for (const where of ['engine', 'top'] as const) {
    it(`import, select, list, the Tools pane and a chat start nothing before approval (block at the ${where} level)`, async () => {
      const imported = output<{ record: { id: string }; programs: ProgramInfo[] }>(
        await call('personas.import', { text: JSON.stringify(persona(touch(), where)), fileName: 'marker.json' }),
      );
      expect(imported.programs).toMatchObject([
        {
          toolboxId: 'ovos-mcp-toolbox:marker',
          command: process.execPath,
          cwd: home,
          env: { NODE_OPTIONS: '--no-warnings' },
          approved: false,
        },
      ]);
      const id = imported.record.id;
      output(await call('personas.list', {}));
      output(await call('personas.get', { id }));
      const tools = output<{ toolboxes: Array<{ toolboxId: string; error: { code: string } | null; title: string }> }>(
        await call('toolboxes.list', { personaId: id }),
      );
      expect(tools.toolboxes.find((t) => t.toolboxId === 'ovos-mcp-toolbox:marker')).toMatchObject({
        title: 'MCP server',
        error: { code: 'approval_required' },
      });
      const sent = await call('chat.send', { personaId: id, message: 'hi' });
      expect(sent).toMatchObject({
        ok: false,
        error: { code: 'approval_required', details: { programs: [{ command: process.execPath }] } },
      });
      await sleep(800);
      expect(existsSync(marker)).toBe(false);

      // Approved: the very same command now starts (so the check above could have failed).
      output(await call('approvals.approve', { id, fingerprints: imported.programs.map((p) => p.fingerprint) }));
      output(await call('toolboxes.list', { personaId: id }));
      const deadline = Date.now() + 5000;
      while (!existsSync(marker) && Date.now() < deadline) await sleep(50);
      expect(existsSync(marker)).toBe(true);
    });
  }

  it('asks again when the command changes (an env value), and after a restart remembers what was approved', async () => {
    const saved = output<{ id: string }>(await call('personas.save', { id: 'm', persona: persona('0') }));
    const [first] = output<{ programs: ProgramInfo[] }>(await call('approvals.list', { id: saved.id })).programs;
    output(await call('approvals.approve', { id: 'm', fingerprints: [first.fingerprint] }));
    await app.close();
    app = await createApp({ dataDir: home, mode: 'browser' });
    expect(output<{ programs: ProgramInfo[] }>(await call('approvals.list', { id: 'm' })).programs).toMatchObject([
      { approved: true },
    ]);
    const changed = persona('0');
    changed['ovos-native-toolcall-loop']['ovos-mcp-toolbox:marker']!.env = { NODE_OPTIONS: '--require payload.cjs' };
    output(await call('personas.save', { id: 'm', persona: changed }));
    expect(output<{ programs: ProgramInfo[] }>(await call('approvals.list', { id: 'm' })).programs).toMatchObject([
      { approved: false, env: { NODE_OPTIONS: '--require payload.cjs' } },
    ]);
    // An old fingerprint cannot approve the new command.
    expect(await call('approvals.approve', { id: 'm', fingerprints: [first.fingerprint] })).toMatchObject({
      ok: false,
      error: { code: 'bad_input' },
    });
  });
});
