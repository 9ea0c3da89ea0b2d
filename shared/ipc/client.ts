import type { ErrorValue } from '../domain/errors';
import type { RpcEvent, RpcResponse } from './envelope';
import type { EventName, EventPayload, MethodInput, MethodName, MethodOutput } from './contract';

/** What a transport does: send one request envelope, get its response; subscribe to events. */
export interface Transport {
  invoke(request: { id: number; method: string; input: unknown }): Promise<RpcResponse>;
  onEvent(listener: (event: RpcEvent) => void): () => void;
}

/** An error value from main, thrown on the client side so callers can `catch` it; `.value` is the wire error. */
export class ApiError extends Error {
  constructor(readonly value: ErrorValue) {
    super(value.message);
    this.name = 'ApiError';
  }
  get code() {
    return this.value.code;
  }
}

/** The typed API client, the same for Electron IPC and WebSocket. */
export interface ApiClient {
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Builds the typed client on a transport. */
export function createClient(transport: Transport): ApiClient {
  let nextId = 1;
  return {
    async call(method, input) {
      const response = await transport.invoke({ id: nextId++, method, input });
      if (!response.ok) throw new ApiError(response.error);
      return response.output as never;
    },
    on(event, listener) {
      return transport.onEvent((e) => {
        if (e.event === event) listener(e.payload as never);
      });
    },
  };
}
