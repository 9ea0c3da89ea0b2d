import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../shared/domain/trace';
import type { RpcEvent, RpcResponse } from '../../shared/ipc/envelope';
import { createApp, type App } from '../core/api/app';
import { dispatch } from '../core/api/dispatch';
import { startScriptedOpenAIServer, type ScriptedServer } from '../core/testing/scripted-openai-server';
import { registerRpc, RPC_CHANNEL } from './ipc';
import { cancelPausedOnClose } from './window-runs';

type Listener = () => void;
/** A window as main.ts uses it: its webContents id and a 'closed' event. */
class FakeWindow {
  private readonly listeners: Listener[] = [];
  constructor(readonly webContents: { id: number }) {}
  on(_event: 'closed', listener: Listener) {
    this.listeners.push(listener);
    return this;
  }
  close() {
    for (const l of this.listeners) l();
  }
}

let app: App;
let provider: ScriptedServer;
let events: RpcEvent[];
let rpc: (event: unknown, request: unknown) => Promise<RpcResponse>;

beforeEach(async () => {
  provider = await startScriptedOpenAIServer();
  app = await createApp({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'ps-window-runs-')), mode: 'electron' });
  events = [];
  app.onEvent((e) => events.push(e));
  const handlers = new Map<string, (event: unknown, raw: unknown) => Promise<RpcResponse>>();
  registerRpc({
    ipcMain: {
      handle: (channel: string, h: never) => handlers.set(channel, h),
      removeHandler: () => undefined,
    } as never,
    isTrusted: () => true,
    dispatch: (request, client) => dispatch(app.handlers, request, { transport: 'electron', client }),
  });
  rpc = handlers.get(RPC_CHANNEL)!;
});

afterEach(async () => {
  await app.close();
  await provider.close();
});

const until = async <T>(find: () => T | undefined): Promise<T> => {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const traced = (type: TraceEvent['type']) =>
  events
    .filter((e) => e.event === 'chat.trace')
    .map((e) => (e.payload as { event: TraceEvent }).event)
    .find((e) => e.type === type);

describe('Electron: a paused run and its window', () => {
  it('closing the window that started a paused run cancels it; closing another window does not', async () => {
    provider.setReplies({ toolCalls: [{ name: 'evaluate_expression', arguments: { expression: '12*9' } }] });
    const persona = {
      name: 'Calc',
      handlers: ['ovos-native-toolcall-loop'],
      'ovos-native-toolcall-loop': {
        brain: 'ovos-chat-openai-plugin',
        toolboxes: ['ovos-math-tools'],
        'ovos-chat-openai-plugin': { model: 'm', api_url: provider.url },
      },
    };
    const win = new FakeWindow({ id: 7 });
    const other = new FakeWindow({ id: 8 });
    const cancelled: string[][] = [];
    for (const w of [win, other])
      cancelPausedOnClose(w, (client) => cancelled.push(app.context.cancelPausedRunsOf(client)));
    const as = { sender: win.webContents };
    const saved = await rpc(as, { id: 1, method: 'personas.save', input: { persona } });
    const id = (saved as { output: { id: string } }).output.id;
    await rpc(as, {
      id: 2,
      method: 'debug.setBreakpoints',
      input: { personaId: id, breakpoints: { beforeTools: { enabled: true } } },
    });
    const sent = await rpc(as, { id: 3, method: 'chat.send', input: { personaId: id, message: 'What is 12*9?' } });
    const { runId } = (sent as { output: { runId: string } }).output;
    await until(() => events.find((e) => e.event === 'debug.paused'));
    other.close();
    expect(cancelled).toEqual([[]]);
    win.close();
    expect(cancelled[1]).toEqual([runId]);
    const end = await until(() => traced('run_cancelled'));
    expect(end).toMatchObject({ reason: 'The window closed while the run was paused.' });
    expect(traced('tool_result')).toBeUndefined();
  });
});
