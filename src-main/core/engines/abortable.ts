import { CancelledError } from '../errors';

/**
 * Settles with `promise`, or rejects with CancelledError as soon as `signal` aborts, so a run is cancelled
 * promptly even when the work in flight ignores its signal (the abandoned promise's rejection is swallowed).
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(new CancelledError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => undefined);
      reject(new CancelledError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? new CancelledError() : error);
      },
    );
  });
}
