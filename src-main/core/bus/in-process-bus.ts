import { logger } from '../log';
import type { Bus, BusHandler } from './bus';
import type { Message } from './message';

const log = logger('bus');

/** A bus inside one process: handlers for a type run in subscription order; a throwing handler is logged. */
export class InProcessBus implements Bus {
  private readonly handlers = new Map<string, Set<BusHandler>>();
  private readonly any = new Set<BusHandler>();

  on(type: string, handler: BusHandler): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Every message, whatever its type (the WebSocket client uses this to forward). */
  onAny(handler: BusHandler): () => void {
    this.any.add(handler);
    return () => this.any.delete(handler);
  }

  emit(message: Message): void {
    for (const handler of [...this.any, ...(this.handlers.get(message.type) ?? [])]) {
      try {
        handler(message);
      } catch (error) {
        log.error(`handler for '${message.type}' threw: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
