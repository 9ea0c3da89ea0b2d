import type { Transport } from '../../shared/ipc/client';
import { electronTransport } from './electron-transport';
import { wsTransport, type ConnectionStatus } from './ws-transport';

/**
 * Electron's bridge when the preload put one on window; otherwise the host's WebSocket on this page's
 * origin, with the token from the page address (`?token=`). `onStatus` hears when main's connection opens
 * and is lost (Electron's IPC does not drop: it is open at once).
 */
export function selectTransport(win: Window = window, onStatus?: (status: ConnectionStatus) => void): Transport {
  if (win.bridge) {
    onStatus?.('open');
    return electronTransport(win.bridge);
  }
  const { protocol, host, search } = win.location;
  const token = new URLSearchParams(search).get('token') ?? '';
  return wsTransport(`${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api`, token, { onStatus });
}
