import type { Transport } from '../shared/ipc/client';
import { electronTransport } from './transport/electron-transport';
import { selectTransport } from './transport/select';
import { wsTransport, type SocketLike } from './transport/ws-transport';

export type ConnectionStatus = 'open' | 'lost';

/**
 * The transport selectTransport() would pick, reporting the WebSocket's open/close so the UI can say
 * when main is gone (Electron's IPC does not drop, so it is always open).
 */
export function connect(onStatus: (s: ConnectionStatus) => void, win: Window = window): Transport {
  if (win.bridge) {
    onStatus('open');
    return electronTransport(win.bridge);
  }
  if (typeof WebSocket === 'undefined') return selectTransport(win);
  const { protocol, host, search } = win.location;
  const token = new URLSearchParams(search).get('token') ?? '';
  const createSocket = (url: string): SocketLike => {
    const ws = new WebSocket(url);
    ws.addEventListener('open', () => {
      onStatus('open');
    });
    ws.addEventListener('close', () => onStatus('lost'));
    return ws as unknown as SocketLike;
  };
  return wsTransport(`${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api`, token, { createSocket });
}
