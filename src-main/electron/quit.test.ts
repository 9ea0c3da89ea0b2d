import { describe, expect, it, vi } from 'vitest';
import { closeThenExit } from './quit';

describe('quitting the desktop app', () => {
  it('exits once the app has closed', async () => {
    const order: string[] = [];
    await closeThenExit(
      async () => void order.push('closed'),
      (code) => void order.push(`exit ${code}`),
      1000,
      () => undefined,
    );
    expect(order).toEqual(['closed', 'exit 0']);
  });

  it('exits anyway when closing hangs or fails, and says so', async () => {
    const exit = vi.fn();
    const warn = vi.fn();
    await closeThenExit(() => new Promise<void>(() => undefined), exit, 50, warn);
    expect(exit).toHaveBeenCalledWith(0);
    expect(warn).toHaveBeenCalledWith('closing took longer than 50 ms: quitting anyway');
    await closeThenExit(() => Promise.reject(new Error('boom')), exit, 1000, warn);
    expect(exit).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith('closing: boom');
  });
});
