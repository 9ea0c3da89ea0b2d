import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { logger } from '../log';
import { allowedOrigins, hostAllowed, isLoopback } from '../net/loopback';
import { BusSecret } from './bus-secret';
import { Message } from './message';
import { JsonInputError, parseJsonSafe } from '../../../shared/json/safe-json';

const log = logger('bus-server');

/** Bytes queued to one client that does not read before it is dropped (a frame is at most 16 MB). */
export const DEFAULT_MAX_QUEUED_BYTES = 32 * 1024 * 1024;

export interface BusServerOptions {
  /** 8181 (OVOS's default) unless given; 0 picks a free port. */
  port?: number;
  /** Always loopback unless given: 127.0.0.1. */
  host?: string;
  /** '/core', as the OVOS messagebus. */
  route?: string;
  /** OVOS's `websocket.secret_key`: only frames encrypted with it are relayed; a client sending others is closed. */
  secretKey?: string;
  /** Origins allowed besides the server's own (`http://127.0.0.1:<port>`, `http://localhost:<port>`). */
  allowedOrigins?: string[];
  /** Per-client send queue bound; past it the client is dropped. */
  maxQueuedBytes?: number;
}

export interface BusServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A stand-in for the OVOS messagebus when none runs: a WebSocket server on `ws://127.0.0.1:<port>/core` that,
 * as ovos-messagebus, relays every well-formed frame to every client, the sender included. Unlike it, it refuses
 * browsers' cross-site connections (Origin allow-list, Host check) so a web page cannot call the bus's tools, and
 * drops a client whose send queue passes `maxQueuedBytes`. A malformed frame is logged and dropped.
 */
export async function startBusServer(opts: BusServerOptions = {}): Promise<BusServer> {
  const host = opts.host ?? '127.0.0.1';
  const route = opts.route ?? '/core';
  const secret = opts.secretKey ? new BusSecret(opts.secretKey) : null;
  const maxQueued = opts.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
  let port = opts.port ?? 8181;
  const wss = new WebSocketServer({
    host,
    port,
    path: route,
    maxPayload: 16 * 1024 * 1024,
    verifyClient: ({ req }: { req: IncomingMessage }, done: (ok: boolean, code?: number, reason?: string) => void) => {
      const refused = refusal(req, host, port, opts.allowedOrigins ?? []);
      if (refused) log.warn(`refused a connection from origin ${req.headers.origin ?? '(none)'}: ${refused}`);
      done(!refused, 403, refused ?? undefined);
    },
  });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  wss.on('error', (error) => log.error(`server error: ${error.message}`));
  const address = wss.address();
  port = typeof address === 'object' && address ? address.port : port;

  const relay = (frame: string) => {
    for (const client of wss.clients) {
      if (client.readyState !== client.OPEN) continue;
      if (client.bufferedAmount > maxQueued) {
        log.warn(`dropped a client that stopped reading (${client.bufferedAmount} bytes queued, limit ${maxQueued})`);
        client.terminate();
        continue;
      }
      client.send(frame);
    }
  };

  wss.on('connection', (socket: WebSocket) => {
    socket.on('error', (error) => log.warn(`client error: ${error.message}`));
    socket.on('message', (raw, isBinary) => {
      const frame = isBinary ? Buffer.from(raw as Buffer).toString('utf8') : raw.toString();
      try {
        Message.deserialize(secret ? secret.decrypt(parseJson(frame)) : frame);
      } catch (error) {
        log.warn(`dropped a frame: ${(error as Error).message} (${frame.slice(0, 80)})`);
        if (secret) socket.close(1008, 'Frames must be encrypted with the bus secret key');
        return;
      }
      relay(frame);
    });
  });

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

/** Why a handshake is refused, or null. Clients without an Origin (OVOS's Python and Node clients) pass. */
function refusal(req: IncomingMessage, host: string, port: number, extra: string[]): string | null {
  if (isLoopback(host) && !hostAllowed(req.headers.host, port) && !ipv6LoopbackHost(req.headers.host, port))
    return 'Forbidden host';
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedOrigins(port).includes(origin) && !extra.includes(origin))
    return 'Forbidden origin';
  return null;
}

function ipv6LoopbackHost(hostHeader: string | undefined, port: number): boolean {
  return hostHeader === `[::1]:${port}`;
}

function parseJson(frame: string): unknown {
  try {
    return parseJsonSafe(frame);
  } catch (error) {
    const limit = error instanceof JsonInputError && error.problem !== 'syntax';
    throw new Error(`Malformed bus frame: ${limit ? error.message : 'not JSON.'}`);
  }
}
