import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { ApiError, createClient } from '../shared/ipc/client';
import { clientSender } from '../src-main/host/client-sender';
import { wsTransport, type SocketLike, type WsTransport } from '../src-renderer/transport/ws-transport';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A real WebSocket server that answers app.info, never answers chat.send, and can drop every client. */
async function server(port = 0) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise((resolve) => wss.once('listening', resolve));
  const sockets = new Set<WebSocket>();
  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('message', (raw) => {
      const req = JSON.parse(raw.toString());
      if (req.method === 'app.info')
        ws.send(
          JSON.stringify({
            id: req.id,
            ok: true,
            output: { version: '1', dataDir: '/d', mode: 'browser', platform: 'linux' },
          }),
        );
    });
  });
  const close = () => {
    for (const ws of sockets) ws.terminate();
    return new Promise((resolve) => wss.close(resolve));
  };
  cleanups.push(close);
  return {
    port: (wss.address() as AddressInfo).port,
    sockets,
    close,
    broadcast: (msg: unknown) => sockets.forEach((s) => s.send(JSON.stringify(msg))),
  };
}

function transport(port: number, onStatus?: (status: 'open' | 'lost') => void): WsTransport {
  const t = wsTransport(`ws://127.0.0.1:${port}/api`, 't0k', {
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    reconnectDelayMs: 50,
    onStatus,
  });
  cleanups.unshift(() => t.close());
  return t;
}

describe('wsTransport', () => {
  it('sends the token in the query and pairs answers with calls', async () => {
    const s = await server();
    let seenUrl = '';
    const t = wsTransport(`ws://127.0.0.1:${s.port}/api`, 'a b&c', {
      createSocket: (url) => {
        seenUrl = url;
        return new WebSocket(url) as unknown as SocketLike;
      },
    });
    cleanups.unshift(() => t.close());
    expect(await createClient(t).call('app.info', {})).toMatchObject({ version: '1' });
    expect(seenUrl).toBe(`ws://127.0.0.1:${s.port}/api?token=a%20b%26c`);
  });

  it('rejects a call in flight with a clear ApiError when the socket closes', async () => {
    const s = await server();
    const client = createClient(transport(s.port));
    await client.call('app.info', {});
    const pending = client.call('chat.send', { personaId: 'p', message: 'hi' }).catch((e: unknown) => e);
    await expect.poll(() => s.sockets.size).toBe(1);
    for (const ws of s.sockets) ws.terminate();
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      `The connection to Persona Studio at ws://127.0.0.1:${s.port}/api closed before the answer came.`,
    );
  });

  it('reconnects while someone listens to events, and calls work again; says when the connection is lost and back', async () => {
    const first = await server();
    const port = first.port;
    const statuses: string[] = [];
    const t = transport(port, (s) => statuses.push(s));
    const client = createClient(t);
    const seen: unknown[] = [];
    client.on('personas.changed', (p) => seen.push(p));
    await client.call('app.info', {});
    await first.close();
    const second = await server(port);
    await expect.poll(() => second.sockets.size, { timeout: 5000 }).toBe(1);
    second.broadcast({ event: 'personas.changed', payload: { id: 'x' } });
    await expect.poll(() => seen).toEqual([{ id: 'x' }]);
    expect(await client.call('app.info', {})).toMatchObject({ mode: 'browser' });
    expect(statuses).toEqual(['open', 'lost', 'open']);
  });

  it("takes a burst that main's sender put in one frame: every event in order, and the answer in it", async () => {
    const s = await server();
    const client = createClient(transport(s.port));
    const seen: unknown[] = [];
    client.on('chat.trace', (p) => seen.push(p));
    await client.call('app.info', {});
    const [socket] = s.sockets;
    const frames: string[] = [];
    const sendFrame = socket.send.bind(socket);
    socket.send = ((data: string) => {
      frames.push(data);
      sendFrame(data);
    }) as typeof socket.send;
    const send = clientSender(socket);
    socket.removeAllListeners('message');
    socket.on('message', (raw) => {
      const req = JSON.parse(raw.toString());
      // Two events and the answer in one tick: one frame.
      for (const seq of [1, 2]) send({ event: 'chat.trace', payload: { sessionId: 's', seq } });
      send({ id: req.id, ok: true, output: { version: '2', dataDir: '/d', mode: 'browser', platform: 'linux' } });
    });
    expect(await client.call('app.info', {})).toMatchObject({ version: '2' });
    await expect
      .poll(() => seen)
      .toEqual([
        { sessionId: 's', seq: 1 },
        { sessionId: 's', seq: 2 },
      ]);
    expect(frames).toHaveLength(1);
    expect(JSON.parse(frames[0])).toHaveLength(3);
  });
});
