import { beforeEach, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../shared/domain/trace';
import type { RpcResponse } from '../../shared/ipc/envelope';
import { dispatch } from '../core/api/dispatch';
import { registerRpc, RPC_CHANNEL } from './ipc';
import { cancelPausedOnClose } from './window-runs';
import { calcPersona } from '../core/testing/personas';
import { useAppKit } from '../core/testing/app-kit';
import { until } from '../core/testing/until';

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

const kit = useAppKit({ prefix: 'window-runs', app: { mode: 'electron' } });
let rpc: (event: unknown, request: unknown) => Promise<RpcResponse>;

beforeEach(() => {
  const handlers = new Map<string, (event: unknown, raw: unknown) => Promise<RpcResponse>>();
  registerRpc({
    ipcMain: {
      handle: (channel: string, h: never) => handlers.set(channel, h),
      removeHandler: () => undefined,
    } as never,
    isTrusted: () => true,
    dispatch: (request, client) => dispatch(kit.app.handlers, request, { transport: 'electron', client }),
  });
  rpc = handlers.get(RPC_CHANNEL)!;
});

const traced = (type: TraceEvent['type']) => kit.trace().find((e) => e.type === type);

describe('Electron: a paused run and its window', () => {
  it('closing the window that started a paused run cancels it; closing another window does not', async () => {
    kit.provider.setReplies({ toolCalls: [{ name: 'evaluate_expression', arguments: { expression: '12*9' } }] });
    const persona = calcPersona(kit.provider.url);
    const win = new FakeWindow({ id: 7 });
    const other = new FakeWindow({ id: 8 });
    const cancelled: string[][] = [];
    for (const w of [win, other])
      cancelPausedOnClose(w, (client) => cancelled.push(kit.app.context.cancelPausedRunsOf(client)));
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
    await until(() => kit.events.find((e) => e.event === 'debug.paused'));
    other.close();
    expect(cancelled).toEqual([[]]);
    win.close();
    expect(cancelled[1]).toEqual([runId]);
    const end = await until(() => traced('run_cancelled'));
    expect(end).toMatchObject({ reason: 'The window closed while the run was paused.' });
    expect(traced('tool_result')).toBeUndefined();
  });
});
