import type { Transport } from '../../shared/ipc/client';
import type { RpcEvent, RpcResponse } from '../../shared/ipc/envelope';

/** What the preload exposes as `window.bridge`: exactly these two functions. */
export interface Bridge {
  invoke(request: unknown): Promise<unknown>;
  onEvent(listener: (event: unknown) => void): () => void;
}

declare global {
  interface Window {
    bridge?: Bridge;
  }
}

/** The API over Electron IPC, through the preload's bridge. */
export function electronTransport(bridge: Bridge): Transport {
  return {
    invoke: (request) => bridge.invoke(request) as Promise<RpcResponse>,
    onEvent: (listener) => bridge.onEvent((event) => listener(event as RpcEvent)),
  };
}
