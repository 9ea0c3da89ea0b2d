import { describe, expect, it } from 'vitest';
import { CancelledError } from '../errors';
import { abortable } from './abortable';

/** A promise and its settlers. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('abortable', () => {
  it('settles as the work does while the run goes on', async () => {
    const controller = new AbortController();
    const ok = deferred<number>();
    const failed = deferred<number>();
    const a = abortable(ok.promise, controller.signal);
    const b = abortable(failed.promise, controller.signal);
    ok.resolve(7);
    failed.reject(new Error('brain down'));
    await expect(a).resolves.toBe(7);
    await expect(b).rejects.toThrow('brain down');
    // Settled calls no longer listen: cancelling the run afterwards changes nothing.
    controller.abort();
    await expect(a).resolves.toBe(7);
  });

  it('rejects with CancelledError as soon as the run is cancelled, though the work ignores it', async () => {
    const controller = new AbortController();
    const work = deferred<string>();
    const first = abortable(work.promise, controller.signal);
    const second = abortable(deferred<string>().promise, controller.signal);
    controller.abort();
    await expect(first).rejects.toBeInstanceOf(CancelledError);
    await expect(second).rejects.toBeInstanceOf(CancelledError);
    // The abandoned work failing later is swallowed (no unhandled rejection fails this test).
    work.reject(new Error('late'));
    await new Promise((r) => setTimeout(r, 0));
  });

  it('rejects at once on a run already cancelled, and passes the work through without a signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(abortable(Promise.resolve(1), controller.signal)).rejects.toBeInstanceOf(CancelledError);
    const work = Promise.resolve(2);
    expect(abortable(work, undefined)).toBe(work);
  });

  it('a failure after the run was cancelled reads as the cancel', async () => {
    const controller = new AbortController();
    const work = deferred<number>();
    const call = abortable(work.promise, controller.signal);
    controller.abort();
    work.reject(new Error('aborted fetch'));
    await expect(call).rejects.toBeInstanceOf(CancelledError);
  });
});
