import type { Message } from './message';

export type BusHandler = (message: Message) => void;

/** What a toolbox needs of a bus: subscribe by type, emit. In-process and WebSocket buses both do this. */
export interface Bus {
  on(type: string, handler: BusHandler): () => void;
  emit(message: Message): void;
}

/** Waits for the first message of `type` (optionally matching), or rejects after `timeoutMs`. */
export function waitForMessage(
  bus: Bus,
  type: string,
  timeoutMs: number,
  match: (m: Message) => boolean = () => true,
): Promise<Message> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`No '${type}' on the bus within ${timeoutMs} ms.`));
    }, timeoutMs);
    const off = bus.on(type, (m) => {
      if (!match(m)) return;
      clearTimeout(timer);
      off();
      resolve(m);
    });
  });
}
