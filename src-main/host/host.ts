import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { RpcRequest, type RpcResponse } from '../../shared/ipc/envelope';
import { JsonInputError, parseJsonSafe } from '../../shared/json/safe-json';
import { createApp, type App } from '../core/api/app';
import { contentSecurityPolicy } from '../core/api/csp';
import { dispatch } from '../core/api/dispatch';
import { StudioError } from '../core/errors';
import { logger } from '../core/log';
import { allowedOrigins, checkUpgrade, hostAllowed, newToken } from './auth';
import { clientSender } from './client-sender';
import { openBrowser } from './open-browser';
import { serveStatic } from './static-files';

const log = logger('host');

/** Unanswered requests one connection may have; more are answered at once with an error. */
export const MAX_IN_FLIGHT = 256;

/** The id of a request, for an answer that does not run it (0 when there is none). */
function requestId(text: string): string | number {
  try {
    const id = (JSON.parse(text) as { id?: unknown } | null)?.id;
    return typeof id === 'number' || typeof id === 'string' ? id : 0;
  } catch {
    return 0;
  }
}

export interface HostOptions {
  /** 0 picks a free port. */
  port: number;
  dataDir: string;
  /** Open the page in the system browser. */
  open?: boolean;
  /** The built renderer (dist/renderer). */
  staticDir: string;
  version?: string;
}

export interface Host {
  url: string;
  token: string;
  port: number;
  app: App;
  close(): Promise<void>;
}

/**
 * Browser mode: serves the built renderer over HTTP and the API over a WebSocket at /api, on 127.0.0.1 only.
 * The WebSocket needs this start's random token (`?token=`) and, from a browser, an allowed Origin;
 * otherwise the upgrade is refused (401/403) and nothing runs.
 */
export async function startHost(options: HostOptions): Promise<Host> {
  const app = await createApp({ dataDir: options.dataDir, mode: 'browser', version: options.version });
  const token = newToken();
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  let statics: ReturnType<typeof serveStatic> | null = null;
  let port = 0;
  const server = createServer((req, res) => {
    // The page itself is public, but a DNS-rebinding page gets nothing from this server either.
    if (!hostAllowed(req.headers.host, port)) {
      res.writeHead(403, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Forbidden host');
      return;
    }
    statics?.(req, res);
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  const sockets = new Set<WebSocket>();

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw listenError(error as NodeJS.ErrnoException, options.port);
  }
  server.on('error', (error) => log.error(`server: ${error.message}`));
  port = (server.address() as AddressInfo).port;
  headers['Content-Security-Policy'] = contentSecurityPolicy({
    connect: allowedOrigins(port).map((o) => o.replace(/^http/, 'ws')),
  });
  statics = serveStatic(path.resolve(options.staticDir), headers);

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', (error) => log.debug(`upgrade socket: ${error.message}`));
    const refused = checkUpgrade(req, { port, token });
    if (refused) {
      log.warn(`refused a WebSocket from origin ${req.headers.origin ?? '(none)'}: ${refused.reason}`);
      socket.end(`HTTP/1.1 ${refused.status} ${refused.reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveSocket(ws));
  });

  const serveSocket = (ws: WebSocket) => {
    sockets.add(ws);
    let inFlight = 0;
    ws.on('error', (error) => log.warn(`client socket: ${error.message}`));
    // Memory stays bounded: a client that stops reading is dropped instead of queueing without end.
    const send = clientSender(ws, (queued) =>
      log.warn(`a client stopped reading (${queued} bytes queued): closing its connection`),
    );
    const off = app.onEvent(send);
    ws.on('close', () => {
      off();
      sockets.delete(ws);
    });
    ws.on('message', (data) => {
      const text = data.toString();
      if (inFlight >= MAX_IN_FLIGHT) {
        send({
          id: requestId(text),
          ok: false,
          error: {
            code: 'bad_input',
            message: `Too many requests at once (${MAX_IN_FLIGHT} unanswered): wait for answers before sending more.`,
          },
        });
        return;
      }
      inFlight++;
      void answer(text).then((response) => {
        inFlight--;
        send(response);
      });
    });
  };

  const answer = async (text: string): Promise<RpcResponse> => {
    let json: unknown;
    try {
      json = parseJsonSafe(text);
    } catch (error) {
      const message =
        error instanceof JsonInputError && error.problem !== 'syntax' ? error.message : 'A request must be JSON.';
      return { id: requestId(text), ok: false, error: { code: 'bad_input', message } };
    }
    const parsed = RpcRequest.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown })?.id;
      return {
        id: typeof id === 'number' || typeof id === 'string' ? id : 0,
        ok: false,
        error: { code: 'bad_input', message: 'Malformed request envelope.' },
      };
    }
    return dispatch(app.handlers, parsed.data, { transport: 'ws' });
  };

  const url = `http://127.0.0.1:${port}/?token=${token}`;
  if (options.open) openBrowser(url);

  return {
    url,
    token,
    port,
    app,
    async close() {
      for (const ws of sockets) ws.terminate();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await app.close();
    },
  };
}

/** Why the host cannot listen, in words: a port in use or not allowed is the user's to change (--port). */
function listenError(error: NodeJS.ErrnoException, port: number): StudioError {
  const hint = 'pick another with --port N (0 = any free port)';
  if (error.code === 'EADDRINUSE')
    return new StudioError(
      'forbidden',
      `Port ${port} on 127.0.0.1 is already in use (another Persona Studio, or another program): stop it, or ${hint}.`,
      { port },
      { cause: error },
    );
  if (error.code === 'EACCES')
    return new StudioError(
      'forbidden',
      `Not allowed to listen on port ${port} on 127.0.0.1: ${hint}.`,
      { port },
      { cause: error },
    );
  return new StudioError(
    'internal',
    `Cannot listen on 127.0.0.1:${port}: ${error.message}`,
    { port },
    { cause: error },
  );
}
