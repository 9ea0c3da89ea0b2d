import { CancelledError } from '../errors';
import { offAbort, onAbort } from '../toolbox/signal-hub';

/**
 * Settles with `promise`, or rejects with CancelledError as soon as `signal` aborts, so a run is cancelled
 * promptly even when the work in flight ignores its signal (the abandoned promise's rejection is swallowed).
 * It waits through the signal's hub (one listener on the run's signal for all its model calls and tool calls).
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(new CancelledError());
  }
  return new Promise<T>((resolve, reject) => {
    const cancel = () => {
      promise.catch(() => undefined);
      reject(new CancelledError());
    };
    onAbort(signal, cancel);
    promise.then(
      (value) => {
        offAbort(signal, cancel);
        resolve(value);
      },
      (error: unknown) => {
        offAbort(signal, cancel);
        reject(signal.aborted ? new CancelledError() : error);
      },
    );
  });
}
