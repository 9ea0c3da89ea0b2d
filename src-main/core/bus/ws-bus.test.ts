import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { setLogSink } from '../log';
import { MathTools } from '../toolbox/test-fixtures';
import { waitForMessage } from './bus';
import { Message } from './message';
import { WebSocketBus } from './ws-bus-client';
import { startBusServer, type BusServer } from './ws-bus-server';
import { until } from '../testing/until';
import { callOnBus } from '../testing/bus-call';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  setLogSink(null);
});

async function server(port = 0): Promise<BusServer> {
  const s = await startBusServer({ port });
  cleanups.push(() => s.close());
  return s;
}

async function client(url: string, opts?: ConstructorParameters<typeof WebSocketBus>[1]): Promise<WebSocketBus> {
  const bus = new WebSocketBus(url, opts);
  cleanups.push(() => bus.close());
  await bus.connect();
  return bus;
}

/** A plain `ws` socket: frames in, raw strings out. */
async function rawSocket(url: string): Promise<{ socket: WebSocket; frames: string[] }> {
  const socket = new WebSocket(url);
  const frames: string[] = [];
  socket.on('message', (d) => frames.push(d.toString()));
  cleanups.push(() => socket.terminate());
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return { socket, frames };
}

describe('bus server', { timeout: 15_000 }, () => {
  it('listens on 127.0.0.1 at /core and relays each frame to every client, the sender included (as ovos-messagebus)', async () => {
    const s = await server();
    expect(s.url).toBe(`ws://127.0.0.1:${s.port}/core`);
    const a = await rawSocket(s.url);
    const b = await rawSocket(s.url);
    const c = await rawSocket(s.url);
    const frame = new Message('hello', { n: 1 }).serialize();
    a.socket.send(frame);
    await until(() => a.frames.length === 1 && b.frames.length === 1 && c.frames.length === 1);
    await new Promise((r) => setTimeout(r, 30));
    expect(a.frames).toEqual([frame]);
    expect(b.frames).toEqual([frame]);
  });

  it('a client that emits and handles on one connection gets its own message (ovos-core skills share one)', async () => {
    const s = await server();
    const bus = await client(s.url);
    const got = waitForMessage(bus, 'mine', 2000);
    bus.emit(new Message('mine', { x: 1 }));
    expect((await got).data).toEqual({ x: 1 });
  });

  it('drops malformed frames with a log line and keeps serving', async () => {
    const lines: string[] = [];
    setLogSink((level, scope, message) => lines.push(`${level} ${scope}: ${message}`));
    const s = await server();
    const a = await rawSocket(s.url);
    const b = await rawSocket(s.url);
    for (const bad of ['not json', '{"data":{}}', '{"type":"x","data":[1]}']) a.socket.send(bad);
    a.socket.send(new Message('ok').serialize());
    await until(() => b.frames.length === 1);
    expect(JSON.parse(b.frames[0]).type).toBe('ok');
    expect(lines.filter((l) => l.startsWith('warn bus-server: dropped a frame: Malformed bus frame'))).toHaveLength(3);
  });

  it('refuses other routes', async () => {
    const s = await server();
    const socket = new WebSocket(`ws://127.0.0.1:${s.port}/other`);
    cleanups.push(() => socket.terminate());
    await expect(new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))).rejects.toThrow(
      /400/,
    );
  });
});

describe('WebSocketBus with ToolBox.bind over real WebSockets', { timeout: 15_000 }, () => {
  it('a separate client discovers and calls a bound toolbox', async () => {
    const s = await server();
    const host = await client(s.url);
    const tb = new MathTools({ bus: host });
    await tb.ready;
    const agent = await client(s.url);
    const discovered = waitForMessage(agent, 'ovos.persona.tools.discover.response', 5000);
    agent.emit(new Message('ovos.persona.tools.discover', {}, { source: 'agent', destination: 'tools' }));
    const d = await discovered;
    expect(d.data).toEqual({ tools: tb.toolJsonList, toolbox_id: 'math_tools' });
    expect(d.context).toEqual({ source: 'tools', destination: 'agent', session: { session_id: 'default' } });

    const called = await callOnBus(agent, 'math_tools', { name: 'add', kwargs: { a: 5, b: '6' } });
    expect(called).toEqual({ result: { result: 11 }, toolbox_id: 'math_tools' });

    const failed = await callOnBus(agent, 'math_tools', { name: 'nonexistent', kwargs: {} });
    expect(failed).toEqual({
      error: "ValueError: Unknown tool 'nonexistent' for ToolBox 'math_tools'.",
      toolbox_id: 'math_tools',
    });
  });

  it('every emitted message carries context.session as OVOS clients send it; an existing one is kept (issue 11.3)', async () => {
    const s = await server();
    const listener = await rawSocket(s.url);
    const bus = await client(s.url);
    const own = await client(s.url, { sessionId: 'run-42' });
    bus.emit(new Message('a', {}, { source: 'persona-studio' }));
    bus.emit(new Message('b', {}, { session: { session_id: 'abc', lang: 'en-US' } }));
    own.emit(new Message('c'));
    await until(() => listener.frames.length === 3);
    const contexts = listener.frames.map((f) => JSON.parse(f).context);
    expect(contexts).toEqual([
      { source: 'persona-studio', session: { session_id: 'default' } },
      { session: { session_id: 'abc', lang: 'en-US' } },
      { session: { session_id: 'run-42' } },
    ]);
  });

  it('queues emits made while connecting and sends them in order once open', async () => {
    const s = await server();
    const listener = await rawSocket(s.url);
    const bus = new WebSocketBus(s.url);
    cleanups.push(() => bus.close());
    bus.emit(new Message('first'));
    bus.emit(new Message('second'));
    expect(bus.connected).toBe(false);
    await bus.connect();
    await until(() => listener.frames.length === 2);
    expect(listener.frames.map((f) => JSON.parse(f).type)).toEqual(['first', 'second']);
  });

  it('drops malformed incoming frames with a log line; on/onAny get the good ones', async () => {
    const lines: string[] = [];
    setLogSink((level, scope, message) => lines.push(`${level} ${scope}: ${message}`));
    const s = await server();
    const bus = await client(s.url);
    const typed: string[] = [];
    const any: string[] = [];
    bus.on('ping', (m) => typed.push(m.type));
    const offAny = bus.onAny((m) => any.push(m.type));
    const sender = await rawSocket(s.url);
    sender.socket.send(new Message('ping').serialize());
    sender.socket.send(new Message('other').serialize());
    await until(() => any.length === 2);
    offAny();
    expect(typed).toEqual(['ping']);
    expect(any).toEqual(['ping', 'other']);

    // Our server never relays malformed frames, so a raw server sends them to the client.
    const rogue = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/core' });
    cleanups.push(() => new Promise<void>((r) => rogue.close(() => r())));
    await new Promise((r) => rogue.once('listening', r));
    rogue.on('connection', (socket) => {
      socket.send('garbage');
      socket.send('{"type":"ping","data":"nope"}');
      socket.send(new Message('ping').serialize());
    });
    const victim = new WebSocketBus(`ws://127.0.0.1:${(rogue.address() as { port: number }).port}/core`);
    cleanups.push(() => victim.close());
    const got: string[] = [];
    victim.on('ping', (m) => got.push(m.type));
    await victim.connect();
    await until(() => got.length === 1);
    expect(lines.filter((l) => l.startsWith('warn bus-client: dropped a frame'))).toHaveLength(2);
  });

  it('a failed first connection rejects with a clear message', async () => {
    const s = await server();
    const port = s.port;
    await s.close();
    const bus = new WebSocketBus(`ws://127.0.0.1:${port}/core`);
    await expect(bus.connect()).rejects.toThrow(`Cannot connect to the bus at ws://127.0.0.1:${port}/core: `);
    await bus.close();
  });

  it('reconnects with backoff after the server restarts, and the bound toolbox answers again', async () => {
    setLogSink(() => undefined);
    const first = await startBusServer({ port: 0 });
    const port = first.port;
    const host = await client(first.url, { initialBackoffMs: 20, maxBackoffMs: 100 });
    new MathTools({ bus: host });
    await first.close();
    await until(() => !host.connected);
    const second = await server(port);
    await until(() => host.connected, 5000);
    const agent = await client(second.url);
    const called = await callOnBus(agent, 'math_tools', { name: 'add', kwargs: { a: 2, b: 2 } });
    expect(called.result).toEqual({ result: 4 });
  });
});
