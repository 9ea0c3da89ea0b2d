import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { messagesOfFrame } from '../../shared/ipc/envelope';
import { clientSender } from './client-sender';

let closeAll: () => Promise<void> = async () => undefined;
afterEach(() => closeAll());

/**
 * A server socket and a client reading it; `writes` counts the server socket's writes to the network, `frames`
 * the WebSocket frames the client got.
 */
async function pair() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  const server = await accepted;
  await new Promise<void>((resolve) => (client.readyState === client.OPEN ? resolve() : client.once('open', resolve)));
  const socket = (server as unknown as { _socket: Duplex & { _writev?: unknown; _write: unknown } })._socket;
  const counter = { writes: 0, frames: 0 };
  for (const method of ['_write', '_writev'] as const) {
    const original = socket[method] as ((...args: unknown[]) => void) | undefined;
    if (original)
      socket[method] = (...args: unknown[]) => {
        counter.writes++;
        original.apply(socket, args);
      };
  }
  const received: unknown[] = [];
  client.on('message', (data: Buffer) => {
    counter.frames++;
    received.push(...messagesOfFrame(JSON.parse(data.toString())));
  });
  closeAll = async () => {
    client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
  return { server, client, counter, received };
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('messages to a window', () => {
  it('a burst arrives whole and in order, in one frame and one socket write', async () => {
    const { server, counter, received } = await pair();
    const send = clientSender(server);
    const burst = Array.from({ length: 200 }, (_, seq) => ({ event: 'chat.trace', payload: { seq } }));
    for (const message of burst) send(message);
    await until(() => received.length === burst.length);
    expect(received).toEqual(burst);
    expect(counter.writes).toBe(1);
    expect(counter.frames).toBe(1);
    // The next burst is a frame of its own, after the first; a lone message is a frame of its own (an object).
    send({ event: 'chat.trace', payload: { seq: 200 } });
    await until(() => received.length === 201);
    expect(counter.writes).toBe(2);
    expect(counter.frames).toBe(2);
    expect(received[200]).toEqual({ event: 'chat.trace', payload: { seq: 200 } });
  });

  it('a burst past a megabyte is not held back in memory', async () => {
    const { server, counter, received } = await pair();
    const send = clientSender(server);
    const text = 'x'.repeat(300 * 1024);
    for (let i = 0; i < 8; i++) send({ i, text });
    await until(() => received.length === 8);
    expect(received.map((m) => (m as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(counter.frames).toBeGreaterThan(1);
    expect(counter.writes).toBeGreaterThan(1);
  });

  it('drops a client that stopped reading instead of queueing without end', async () => {
    const { server, client } = await pair();
    const dropped: number[] = [];
    const send = clientSender(server, (queued) => dropped.push(queued), 1024 * 1024);
    client.pause();
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const text = 'y'.repeat(256 * 1024);
    for (let i = 0; i < 400 && !dropped.length; i++) {
      send({ i, text });
      await new Promise((r) => setImmediate(r));
    }
    expect(dropped.length).toBe(1);
    expect(dropped[0]).toBeGreaterThan(1024 * 1024);
    client.resume();
    await closed;
  });
});
