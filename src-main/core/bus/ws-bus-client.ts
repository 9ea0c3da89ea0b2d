import WebSocket from 'ws';
import { DEFAULT_BUS_URL } from '../../../shared/bus/message';
import { logger } from '../log';
import type { Bus, BusHandler } from './bus';
import { BusSecret, isEncryptedFrame } from './bus-secret';
import { InProcessBus } from './in-process-bus';
import { Message } from './message';
import { parseJsonSafe } from '../../../shared/json/safe-json';

const log = logger('bus-client');

/** OVOS's session id for the device itself. */
export const DEFAULT_SESSION_ID = 'default';

export interface WebSocketBusOptions {
  /** Reconnect after a lost connection (default true), with exponential backoff. */
  reconnect?: boolean;
  /** First reconnect delay (default 100 ms), doubled each failed attempt up to maxBackoffMs (default 5 s). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * OVOS's `websocket.secret_key`: emits are AES-GCM encrypted with it and plain incoming frames are refused.
   * Default: `PERSONA_STUDIO_BUS_SECRET_KEY`, so every bus client of the process (CLI, bus toolboxes, the app's
   * OVOS bus) uses the key, as every OVOS client reads the same mycroft.conf.
   */
  secretKey?: string;
  /** The session put in `context.session` of emits that carry none; "default" (the device's own), as OVOS clients. */
  sessionId?: string;
}

/**
 * A client of an OVOS messagebus (or our bus server). As ovos-bus-client, an emitted message goes to the server
 * only, and the server relays it to every client, this one included. Emits made while (re)connecting are
 * queued and sent in order once open. Incoming frames that are not bus messages are logged and dropped.
 */
export class WebSocketBus implements Bus {
  private socket: WebSocket | null = null;
  /** Delivers incoming messages to this client's handlers. */
  private readonly local = new InProcessBus();
  private queue: string[] = [];
  private closed = false;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private opening: Promise<void> | null = null;
  private readonly secret: BusSecret | null;

  constructor(
    readonly url: string = DEFAULT_BUS_URL,
    private readonly opts: WebSocketBusOptions = {},
  ) {
    const key = opts.secretKey ?? (process.env.PERSONA_STUDIO_BUS_SECRET_KEY || undefined);
    this.secret = key ? new BusSecret(key) : null;
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Opens the connection; rejects with a clear message if the first attempt fails. */
  connect(): Promise<void> {
    this.closed = false;
    if (this.connected) return Promise.resolve();
    return this.opening ?? (this.opening = this.open().finally(() => (this.opening = null)));
  }

  private open(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(this.url);
      this.socket = socket;
      let opened = false;
      socket.on('open', () => {
        opened = true;
        this.attempts = 0;
        const pending = this.queue;
        this.queue = [];
        for (const frame of pending) socket.send(frame);
        resolve();
      });
      socket.on('message', (raw) => this.receive(raw.toString()));
      socket.on('error', (error) => {
        if (!opened) reject(new Error(`Cannot connect to the bus at ${this.url}: ${error.message}`));
        else log.warn(`connection error on ${this.url}: ${error.message}`);
      });
      socket.on('close', () => {
        if (this.socket === socket) this.socket = null;
        if (opened && !this.closed && this.opts.reconnect !== false) this.scheduleReconnect();
      });
    });
  }

  private scheduleReconnect(): void {
    const base = this.opts.initialBackoffMs ?? 100;
    const delay = Math.min(this.opts.maxBackoffMs ?? 5000, base * 2 ** this.attempts);
    this.attempts++;
    log.info(`connection to ${this.url} lost; reconnecting in ${delay} ms`);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.closed) return;
      this.connect().catch((error: Error) => {
        log.debug(error.message);
        if (!this.closed) this.scheduleReconnect();
      });
    }, delay);
  }

  private receive(frame: string): void {
    let message: Message;
    try {
      message = Message.deserialize(this.plain(frame));
    } catch (error) {
      log.warn(`dropped a frame from ${this.url}: ${(error as Error).message}`);
      return;
    }
    this.local.emit(message);
  }

  /** The message text of a frame: decrypted with the secret key; a plain frame is refused when there is one. */
  private plain(frame: string): string {
    if (!this.secret) {
      if (frame.includes('"ciphertext"') && isEncryptedFrame(safeJson(frame)))
        throw new Error('an encrypted frame: this bus needs its secret key');
      return frame;
    }
    const parsed = safeJson(frame);
    if (!isEncryptedFrame(parsed)) throw new Error('a plain frame, refused: this bus is set to use a secret key');
    return this.secret.decrypt(parsed);
  }

  on(type: string, handler: BusHandler): () => void {
    return this.local.on(type, handler);
  }

  /** Every incoming message, whatever its type. */
  onAny(handler: BusHandler): () => void {
    return this.local.onAny(handler);
  }

  /**
   * Sends now when open, else queues until the connection opens. As ovos-bus-client's emit, a message without
   * `context.session` gets this client's session (`{"session_id": "default"}` unless set), so OVOS receivers
   * need not fall back to "No session context".
   */
  emit(message: Message): void {
    const withSession =
      message.context.session === undefined
        ? new Message(message.type, message.data, {
            ...message.context,
            session: { session_id: this.opts.sessionId ?? DEFAULT_SESSION_ID },
          })
        : message;
    const text = withSession.serialize();
    const frame = this.secret ? this.secret.encrypt(text) : text;
    if (this.connected) this.socket!.send(frame);
    else this.queue.push(frame);
  }

  /** Closes for good: no reconnect; queued emits are dropped. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.queue = [];
    const socket = this.socket;
    this.socket = null;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
      else socket.close();
      setTimeout(() => {
        socket.terminate();
        resolve();
      }, 1000).unref();
    });
  }
}

function safeJson(frame: string): unknown {
  try {
    return parseJsonSafe(frame);
  } catch {
    return null;
  }
}
