import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { setLogSink } from '../log';
import { waitForMessage } from './bus';
import { BusSecret } from './bus-secret';
import { Message } from './message';
import { WebSocketBus } from './ws-bus-client';
import { startBusServer, type BusServerOptions } from './ws-bus-server';
import { until } from '../testing/until';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  setLogSink(null);
});

async function server(opts: BusServerOptions = {}) {
  const s = await startBusServer({ port: 0, ...opts });
  cleanups.push(() => s.close());
  return s;
}

/** Opens a raw socket with the given handshake headers; resolves 'open' or the refusal's error text. */
function handshake(url: string, headers: Record<string, string> = {}): Promise<string> {
  const socket = new WebSocket(url, { headers });
  cleanups.push(() => socket.terminate());
  return new Promise((resolve) => {
    socket.once('open', () => resolve('open'));
    socket.once('error', (error) => resolve(error.message));
  });
}

describe('bus server: who may connect (issue 10.7)', { timeout: 20_000 }, () => {
  it('refuses a cross-site browser (Origin https://evil.example) and a foreign Host; OVOS clients pass', async () => {
    const lines: string[] = [];
    setLogSink((level, scope, message) => lines.push(`${level} ${scope}: ${message}`));
    const s = await server();
    expect(await handshake(s.url, { Origin: 'https://evil.example' })).toMatch(/403/);
    expect(await handshake(s.url, { Origin: 'http://localhost:3000' })).toMatch(/403/);
    expect(await handshake(s.url, { Host: `evil.example:${s.port}` })).toMatch(/403/);
    expect(
      lines.some((l) => l.includes('refused a connection from origin https://evil.example: Forbidden origin')),
    ).toBe(true);
    // Node clients send no Origin; Python's websocket-client sends http://<host>:<port> of the URL.
    expect(await handshake(s.url)).toBe('open');
    expect(await handshake(s.url, { Origin: `http://127.0.0.1:${s.port}` })).toBe('open');
    expect(await handshake(`ws://localhost:${s.port}/core`, { Origin: `http://localhost:${s.port}` })).toBe('open');
  });

  it('drops a client that never reads once its queue passes the bound; the others keep being served', async () => {
    const lines: string[] = [];
    setLogSink((level, scope, message) => lines.push(`${level} ${scope}: ${message}`));
    const limit = 1024 * 1024;
    const s = await server({ maxQueuedBytes: limit });
    const slow = new WebSocket(s.url);
    cleanups.push(() => slow.terminate());
    await new Promise((resolve) => slow.once('open', resolve));
    (slow as unknown as { _socket: { pause(): void } })._socket.pause();
    let slowClosed = false;
    slow.once('close', () => (slowClosed = true));

    const sender = new WebSocket(s.url);
    cleanups.push(() => sender.terminate());
    let echoed = 0;
    sender.on('message', () => echoed++);
    await new Promise((resolve) => sender.once('open', resolve));
    const frame = new Message('bulk', { blob: 'x'.repeat(64 * 1024) }).serialize();
    const total = 480; // ~31 MB: far past the kernel's socket buffers and the 1 MB bound
    for (let i = 0; i < total; i++) sender.send(frame);
    await until(() => lines.some((l) => l.includes('dropped a client that stopped reading')));
    await until(() => echoed === total, 15_000);

    const drop = lines.find((l) => l.includes('dropped a client that stopped reading'))!;
    const queued = Number(/\((\d+) bytes queued/.exec(drop)![1]);
    expect(queued).toBeGreaterThan(limit);
    expect(queued).toBeLessThanOrEqual(limit + 2 * frame.length);
    (slow as unknown as { _socket: { resume(): void } })._socket.resume();
    await until(() => slowClosed);
  });
});

describe("bus secret key (OVOS's websocket.secret_key)", { timeout: 20_000 }, () => {
  const key = '0123456789abcdef';

  it('reads a frame encrypted by OVOS (AES-GCM, hex ciphertext/tag/nonce) and round-trips its own', () => {
    // Made with Python's AES-GCM (16-byte nonce, as pycryptodome's default) from ovos-bus-client's serialize().
    const fromPython = {
      ciphertext:
        'eecafb72e74111c483f17c33f189a31b81f85ba6414d0c1e40ab5c3645938e047ae3cca7d5836cb31a7974854284c17fe1a36e2c25061e192fbbeb5aac',
      tag: '5acbc411d62d2f74ae0f662caf5ab6f6',
      nonce: '000102030405060708090a0b0c0d0e0f',
    };
    const secret = new BusSecret(key);
    expect(Message.deserialize(secret.decrypt(fromPython)).toJSON()).toEqual({
      type: 'speak',
      data: { utterance: 'hi' },
      context: {},
    });
    // Web Crypto's layout: the tag at the end of the ciphertext, no tag field.
    const webCrypto = { ciphertext: fromPython.ciphertext + fromPython.tag, nonce: fromPython.nonce };
    expect(JSON.parse(secret.decrypt(webCrypto)).type).toBe('speak');
    const mine = JSON.parse(secret.encrypt('{"type":"x"}'));
    expect(Object.keys(mine).sort()).toEqual(['ciphertext', 'nonce', 'tag']);
    expect(secret.decrypt(mine)).toBe('{"type":"x"}');
    expect(() => new BusSecret('0123456789abcdeX').decrypt(fromPython)).toThrow('a different bus secret key?');
    expect(() => new BusSecret('short')).toThrow('The bus secret key must be 16, 24 or 32 bytes long (AES), not 5.');
  });

  it('relays only encrypted frames; a client sending plain ones is closed and its frame goes nowhere', async () => {
    setLogSink(() => undefined);
    const s = await server({ secretKey: key });
    const a = new WebSocketBus(s.url, { secretKey: key });
    const b = new WebSocketBus(s.url, { secretKey: key });
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    await a.connect();
    await b.connect();
    const seenByB: string[] = [];
    b.onAny((m) => seenByB.push(m.type));

    const plain = new WebSocket(s.url);
    cleanups.push(() => plain.terminate());
    const raw: string[] = [];
    plain.on('message', (d) => raw.push(d.toString()));
    await new Promise((resolve) => plain.once('open', resolve));
    const closed = new Promise<number>((resolve) => plain.once('close', (code) => resolve(code)));
    plain.send(new Message('ovos.persona.tools.discover').serialize());
    expect(await closed).toBe(1008);

    const got = waitForMessage(b, 'speak', 3000);
    a.emit(new Message('speak', { utterance: 'secret' }));
    expect((await got).data).toEqual({ utterance: 'secret' });
    expect(seenByB).toEqual(['speak']);
    expect(raw).toEqual([]);
  });

  it('a client with the key refuses plain frames from a bus without one', async () => {
    const lines: string[] = [];
    setLogSink((level, scope, message) => lines.push(`${level} ${scope}: ${message}`));
    const s = await server();
    const keyed = new WebSocketBus(s.url, { secretKey: key });
    cleanups.push(() => keyed.close());
    await keyed.connect();
    const got: string[] = [];
    keyed.onAny((m) => got.push(m.type));
    const plain = new WebSocket(s.url);
    cleanups.push(() => plain.terminate());
    await new Promise((resolve) => plain.once('open', resolve));
    plain.send(new Message('speak').serialize());
    await until(() => lines.some((l) => l.includes('a plain frame, refused')));
    expect(got).toEqual([]);
  });

  it('clients take the key from PERSONA_STUDIO_BUS_SECRET_KEY when none is given (bus toolboxes, the app)', async () => {
    setLogSink(() => undefined);
    const s = await server({ secretKey: key });
    process.env.PERSONA_STUDIO_BUS_SECRET_KEY = key;
    cleanups.push(() => void delete process.env.PERSONA_STUDIO_BUS_SECRET_KEY);
    const a = new WebSocketBus(s.url);
    const b = new WebSocketBus(s.url);
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    await a.connect();
    await b.connect();
    const got = waitForMessage(b, 'speak', 3000);
    a.emit(new Message('speak', { utterance: 'from env' }));
    expect((await got).data).toEqual({ utterance: 'from env' });
  });
});
