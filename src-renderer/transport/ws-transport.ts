import { ApiError, type Transport } from '../../shared/ipc/client';
import { messagesOfFrame, type RpcEvent, type RpcResponse } from '../../shared/ipc/envelope';

/** What the transport needs of a WebSocket: the browser's, or `ws`'s in Node tests. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

export interface WsTransportOptions {
  createSocket?: (url: string) => SocketLike;
  /** First reconnect delay; doubles up to 5 s. */
  reconnectDelayMs?: number;
  /** Told when the socket opens and when an open socket closes, so the UI can say when main is gone. */
  onStatus?: (status: ConnectionStatus) => void;
}

export type ConnectionStatus = 'open' | 'lost';

/** A Transport with a way to stop it (closes the socket, no more reconnects). */
export interface WsTransport extends Transport {
  close(): void;
}

const OPEN = 1;

/**
 * The API over the host's WebSocket (`ws://127.0.0.1:PORT/api?token=...`). Connects on first use; calls
 * wait for the connection. When the socket closes, calls in flight are rejected with an ApiError saying so,
 * and while someone listens to events it reconnects with backoff.
 */
export function wsTransport(url: string, token: string, options: WsTransportOptions = {}): WsTransport {
  const target = `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
  const createSocket = options.createSocket ?? ((u: string) => new WebSocket(u) as unknown as SocketLike);
  const pending = new Map<number | string, (response: RpcResponse) => void>();
  const listeners = new Set<(event: RpcEvent) => void>();
  let socket: SocketLike | null = null;
  let opened: Promise<SocketLike> | null = null;
  let stopped = false;
  let delay = options.reconnectDelayMs ?? 250;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const failAll = (message: string) => {
    for (const [id, resolve] of pending)
      resolve({ id, ok: false, error: { code: 'internal', message, details: { reason: 'disconnected' } } });
    pending.clear();
  };

  const scheduleReconnect = () => {
    if (stopped || timer || listeners.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      connect().catch(() => undefined);
    }, delay);
    delay = Math.min(delay * 2, 5000);
  };

  const connect = (): Promise<SocketLike> => {
    if (opened) return opened;
    opened = new Promise<SocketLike>((resolve, reject) => {
      let ws: SocketLike;
      try {
        ws = createSocket(target);
      } catch (error) {
        opened = null;
        reject(new ApiError({ code: 'internal', message: `Cannot open ${url}: ${(error as Error).message}` }));
        return;
      }
      socket = ws;
      let isOpen = false;
      let lastError = '';
      ws.addEventListener('open', () => {
        isOpen = true;
        delay = options.reconnectDelayMs ?? 250;
        options.onStatus?.('open');
        resolve(ws);
      });
      ws.addEventListener('error', (event) => {
        lastError = event?.message ?? '';
      });
      ws.addEventListener('message', (event) => onMessage(event.data));
      ws.addEventListener('close', () => {
        if (socket === ws) socket = null;
        opened = null;
        if (!isOpen) {
          const why = lastError ? ` (${lastError})` : '';
          reject(
            new ApiError({
              code: 'forbidden',
              message: `Cannot connect to Persona Studio at ${url}${why}. The server may be stopped, or the token in the page address is missing or wrong: open the address 'persona-studio serve' printed.`,
            }),
          );
        } else {
          failAll(`The connection to Persona Studio at ${url} closed before the answer came.`);
          options.onStatus?.('lost');
        }
        scheduleReconnect();
      });
    });
    return opened;
  };

  const onMessage = (data: unknown) => {
    let frame: unknown;
    try {
      frame = JSON.parse(typeof data === 'string' ? data : String(data));
    } catch {
      return;
    }
    for (const message of messagesOfFrame(frame)) take(message);
  };

  const take = (message: unknown) => {
    if (message === null || typeof message !== 'object') return;
    const m = message as Partial<RpcResponse> & Partial<RpcEvent>;
    if (typeof m.event === 'string') {
      for (const listener of [...listeners]) listener(m as RpcEvent);
      return;
    }
    if (m.id !== undefined && typeof m.ok === 'boolean') {
      const resolve = pending.get(m.id);
      pending.delete(m.id);
      resolve?.(m as RpcResponse);
    }
  };

  return {
    async invoke(request) {
      if (stopped) throw new ApiError({ code: 'internal', message: 'The connection to Persona Studio was closed.' });
      const ws = await connect();
      return new Promise<RpcResponse>((resolve) => {
        pending.set(request.id, resolve);
        try {
          if (ws.readyState !== OPEN) throw new Error('socket not open');
          ws.send(JSON.stringify(request));
        } catch {
          pending.delete(request.id);
          resolve({
            id: request.id,
            ok: false,
            error: { code: 'internal', message: `The connection to Persona Studio at ${url} is closed.` },
          });
        }
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      connect().catch(() => scheduleReconnect());
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      socket?.close();
      failAll('The connection to Persona Studio was closed.');
    },
  };
}
