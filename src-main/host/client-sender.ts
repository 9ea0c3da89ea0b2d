import type { WebSocket } from 'ws';
import { frameOf } from '../../shared/ipc/envelope';

/** Bytes queued to a client that does not read before it is dropped. */
export const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/** A burst past this many characters is sent at once (what waits for the frame stays small). */
const BURST_CHARS = 1024 * 1024;

/**
 * Sends JSON messages to one client. The messages of one burst (what the app emits before the next tick: a run's
 * trace events written together are shown together) leave as one frame (`frameOf`: an array of them, in order),
 * so the window parses and dispatches a burst once instead of once per event; a burst past a megabyte is sent
 * at once. A client that stops reading (more than `maxBuffered` bytes queued) is dropped (`onDrop`) instead of
 * queueing without end.
 */
export function clientSender(
  ws: WebSocket,
  onDrop: (queued: number) => void = () => undefined,
  maxBuffered = MAX_BUFFERED_BYTES,
): (value: unknown) => void {
  let burst: string[] = [];
  let chars = 0;
  let scheduled = false;
  const sendBurst = () => {
    const messages = burst;
    burst = [];
    chars = 0;
    if (!messages.length || ws.readyState !== ws.OPEN) return;
    ws.send(frameOf(messages));
  };
  const onTick = () => {
    scheduled = false;
    sendBurst();
  };
  return (value) => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > maxBuffered) {
      burst = [];
      chars = 0;
      onDrop(ws.bufferedAmount);
      ws.terminate();
      return;
    }
    const text = JSON.stringify(value);
    burst.push(text);
    chars += text.length;
    if (chars > BURST_CHARS) sendBurst();
    else if (!scheduled) {
      scheduled = true;
      process.nextTick(onTick);
    }
  };
}
