import type { ToolCallContext, ToolProgress } from './agent-tool';

const NOT_ABORTED = Symbol('not aborted');

/**
 * One call's context. Its signal is made when the tool first reads it (on Node 20 making an AbortSignal and its
 * first listener costs about 10 µs, more than the rest of a call); the caller's cancel and the timeout abort it.
 */
export class CallContext implements ToolCallContext {
  private controller: AbortController | null = null;
  private reason: unknown = NOT_ABORTED;
  private listeners: Array<(reason: unknown) => void> | null = null;

  constructor(
    readonly sessionId: string | undefined,
    readonly onProgress?: (progress: ToolProgress) => void,
    readonly pauseTimeout?: () => () => void,
  ) {}

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.reason !== NOT_ABORTED) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  onAbort(listener: (reason: unknown) => void): () => void {
    if (this.reason !== NOT_ABORTED) {
      listener(this.reason);
      return () => undefined;
    }
    (this.listeners ??= []).push(listener);
    return () => {
      const at = this.listeners?.indexOf(listener) ?? -1;
      if (at >= 0) this.listeners!.splice(at, 1);
    };
  }

  abort(reason: unknown): void {
    if (this.reason !== NOT_ABORTED) return;
    this.reason = reason;
    this.controller?.abort(reason);
    const listeners = this.listeners;
    this.listeners = null;
    for (const listener of listeners ?? []) listener(reason);
  }
}
