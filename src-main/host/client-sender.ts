import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** Bytes queued to a client that does not read before it is dropped. */
export const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/** A burst past this many bytes is written at once (what waits in the corked socket stays small). */
const BURST_BYTES = 1024 * 1024;

/**
 * Sends JSON messages to one client. The messages of one burst (what the app emits before the next tick: a run's
 * trace events written together are shown together) leave in one socket write, the socket being corked until
 * then: one system call per burst instead of one per event, each message still its own frame, in order.
 * A client that stops reading (more than `maxBuffered` bytes queued) is dropped (`onDrop`) instead of queueing
 * without end.
 */
export function clientSender(
  ws: WebSocket,
  onDrop: (queued: number) => void = () => undefined,
  maxBuffered = MAX_BUFFERED_BYTES,
): (value: unknown) => void {
  let corked: Duplex | null = null;
  const uncork = () => {
    const socket = corked;
    corked = null;
    socket?.uncork();
  };
  return (value) => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > maxBuffered) {
      onDrop(ws.bufferedAmount);
      ws.terminate();
      return;
    }
    if (!corked) {
      // ws keeps its socket as `_socket`; without it, each message is written at once.
      const socket = (ws as unknown as { _socket?: Duplex })._socket;
      if (socket && typeof socket.cork === 'function') {
        socket.cork();
        corked = socket;
        process.nextTick(uncork);
      }
    }
    ws.send(JSON.stringify(value));
    if (corked && corked.writableLength > BURST_BYTES) uncork();
  };
}
