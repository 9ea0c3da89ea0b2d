import { z } from 'zod';
import { ErrorValue } from '../domain/errors';

/** A call from the renderer (or any client) to main. */
export const RpcRequest = z.object({
  id: z.union([z.string(), z.number()]),
  method: z.string(),
  input: z.unknown(),
});
export type RpcRequest = z.infer<typeof RpcRequest>;

/** The answer: an output, or an error value. A thrown error never crosses the boundary. */
export const RpcResponse = z.discriminatedUnion('ok', [
  z.object({ id: z.union([z.string(), z.number()]), ok: z.literal(true), output: z.unknown() }),
  z.object({ id: z.union([z.string(), z.number()]), ok: z.literal(false), error: ErrorValue }),
]);
export type RpcResponse = z.infer<typeof RpcResponse>;

/** A push from main to every client. */
export const RpcEvent = z.object({ event: z.string(), payload: z.unknown() });
export type RpcEvent = z.infer<typeof RpcEvent>;

/**
 * A WebSocket frame from main carries one message (an RpcResponse or RpcEvent object) or, for a burst of them
 * (what main sends before its next tick: a run's trace events written together), an array of messages in order.
 * One frame per burst costs the window one parse and one message event instead of one per event.
 */
export function frameOf(messages: readonly string[]): string {
  return messages.length === 1 ? messages[0] : `[${messages.join(',')}]`;
}

/** The messages of a frame from main (parsed JSON), in order. */
export function messagesOfFrame(frame: unknown): unknown[] {
  return Array.isArray(frame) ? frame : [frame];
}
