// The renderer's only door to main: two functions on two channels, nothing else (no ipcRenderer, no Node).
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

const RPC_CHANNEL = 'app:rpc';
const EVENT_CHANNEL = 'app:event';

contextBridge.exposeInMainWorld('bridge', {
  invoke: (request: unknown): Promise<unknown> => ipcRenderer.invoke(RPC_CHANNEL, request),
  onEvent: (listener: (event: unknown) => void): (() => void) => {
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => {
      ipcRenderer.off(EVENT_CHANNEL, wrapped);
    };
  },
});
