import type { ToolCallContext } from './agent-tool';

const NOT_ABORTED = Symbol('not aborted');

/**
 * One call's context. Its signal is made when the tool first reads it (on Node 20 making an AbortSignal and its
 * first listener costs about 10 µs, more than the rest of a call); the caller's cancel and the timeout abort it.
 */
export class CallContext implements ToolCallContext {
  private controller: AbortController | null = null;
  private reason: unknown = NOT_ABORTED;

  constructor(readonly sessionId: string | undefined) {}

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.reason !== NOT_ABORTED) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  abort(reason: unknown): void {
    if (this.reason !== NOT_ABORTED) return;
    this.reason = reason;
    this.controller?.abort(reason);
  }
}
