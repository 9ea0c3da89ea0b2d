import type { IpcMain, WebContents } from 'electron';
import { RpcRequest, type RpcEvent, type RpcResponse } from '../../shared/ipc/envelope';
import type { SenderEvent } from './security';
import { windowClient } from './window-runs';

/** The two channels: calls (invoke/handle) and pushes from main. */
export const RPC_CHANNEL = 'app:rpc';
export const EVENT_CHANNEL = 'app:event';

/**
 * Serves the API on `app:rpc`. Every call's sender is checked first; an untrusted one gets `forbidden` and
 * nothing runs. A malformed envelope gets `bad_input`. Errors never cross as thrown values.
 */
export function registerRpc(options: {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  isTrusted: (event: SenderEvent) => boolean;
  /** `client`: the calling window (windowClient of its webContents). */
  dispatch: (request: RpcRequest, client: string) => Promise<RpcResponse>;
}): () => void {
  options.ipcMain.handle(RPC_CHANNEL, async (event, raw: unknown): Promise<RpcResponse> => {
    const id =
      typeof (raw as { id?: unknown })?.id === 'number' || typeof (raw as { id?: unknown })?.id === 'string'
        ? (raw as { id: string | number }).id
        : 0;
    if (!options.isTrusted(event as unknown as SenderEvent)) {
      return { id, ok: false, error: { code: 'forbidden', message: 'This window is not allowed to call the app.' } };
    }
    const parsed = RpcRequest.safeParse(raw);
    if (!parsed.success) return { id, ok: false, error: { code: 'bad_input', message: 'Malformed request envelope.' } };
    return options.dispatch(parsed.data, windowClient((event as { sender: { id: number } }).sender));
  });
  return () => options.ipcMain.removeHandler(RPC_CHANNEL);
}

/**
 * Sends an event to every window the app created that is still alive and, when `shows` is given, still
 * shows the app's page (the same check as for calls: a window showing anything else hears nothing).
 */
export function broadcast(
  targets: Array<{ webContents: WebContents; isDestroyed(): boolean }>,
  event: RpcEvent,
  shows?: (contents: WebContents) => boolean,
): void {
  for (const win of targets) {
    if (win.isDestroyed()) continue;
    if (shows && !shows(win.webContents)) continue;
    win.webContents.send(EVENT_CHANNEL, event);
  }
}
