import type { Transport } from '../../shared/ipc/client';
import { electronTransport } from './electron-transport';
import { wsTransport } from './ws-transport';

/**
 * Electron's bridge when the preload put one on window; otherwise the host's WebSocket on this page's
 * origin, with the token from the page address (`?token=`).
 */
export function selectTransport(win: Window = window): Transport {
  if (win.bridge) return electronTransport(win.bridge);
  const { protocol, host, search } = win.location;
  const token = new URLSearchParams(search).get('token') ?? '';
  return wsTransport(`${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api`, token);
}
