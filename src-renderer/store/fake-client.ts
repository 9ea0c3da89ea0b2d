import { ApiError, type ApiClient } from '../../shared/ipc/client';
import type { EventName, EventPayload, MethodName } from '../../shared/ipc/contract';
import type { ErrorValue } from '../../shared/domain/errors';

type Handler = (input: never) => unknown;

/** An in-memory ApiClient for store and component tests: handlers by method, events pushed by the test. */
export function fakeClient(handlers: Partial<Record<MethodName, Handler>>) {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const calls: { method: MethodName; input: unknown }[] = [];
  const client: ApiClient = {
    async call(method, input) {
      calls.push({ method, input });
      const h = handlers[method];
      if (!h) throw new ApiError({ code: 'unknown_method', message: `no fake for ${method}` });
      const out = await h(input as never);
      if (out && typeof out === 'object' && 'code' in out && 'message' in out && !('ok' in out))
        throw new ApiError(out as ErrorValue);
      return out as never;
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (p: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (p: unknown) => void);
    },
  };
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) =>
    listeners.get(event)?.forEach((l) => l(payload));
  return { client, calls, emit };
}
