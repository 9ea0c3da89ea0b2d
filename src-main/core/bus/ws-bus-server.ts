import { WebSocketServer, type WebSocket } from 'ws';
import { logger } from '../log';
import { Message } from './message';

const log = logger('bus-server');

export interface BusServerOptions {
  /** 8181 (OVOS's default) unless given; 0 picks a free port. */
  port?: number;
  /** Always loopback unless given: 127.0.0.1. */
  host?: string;
  /** '/core', as the OVOS messagebus. */
  route?: string;
}

export interface BusServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A stand-in for the OVOS messagebus when none runs: a WebSocket server on `ws://127.0.0.1:<port>/core` that
 * relays every well-formed frame to every other client. A malformed frame is logged and dropped.
 */
export async function startBusServer(opts: BusServerOptions = {}): Promise<BusServer> {
  const host = opts.host ?? '127.0.0.1';
  const route = opts.route ?? '/core';
  const wss = new WebSocketServer({ host, port: opts.port ?? 8181, path: route, maxPayload: 16 * 1024 * 1024 });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  wss.on('error', (error) => log.error(`server error: ${error.message}`));

  wss.on('connection', (socket: WebSocket) => {
    socket.on('error', (error) => log.warn(`client error: ${error.message}`));
    socket.on('message', (raw, isBinary) => {
      const frame = isBinary ? Buffer.from(raw as Buffer).toString('utf8') : raw.toString();
      try {
        Message.deserialize(frame);
      } catch (error) {
        log.warn(`dropped a frame: ${(error as Error).message} (${frame.slice(0, 80)})`);
        return;
      }
      for (const client of wss.clients) {
        if (client !== socket && client.readyState === client.OPEN) client.send(frame);
      }
    });
  });

  const address = wss.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 8181);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `ws://${shownHost}:${port}${route}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
