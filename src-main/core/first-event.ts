import type { EventEmitter } from 'node:events';

/** Resolves at the first of `events` on `emitter` (a signal, a drain or a close) and leaves no listener behind. */
export function firstEvent(emitter: Pick<EventEmitter, 'on' | 'off'>, events: string[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of events) emitter.off(event, done);
      resolve();
    };
    for (const event of events) emitter.on(event, done);
  });
}
