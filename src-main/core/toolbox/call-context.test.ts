import { describe, expect, it } from 'vitest';
import { CallContext } from './call-context';

describe('CallContext.onAbort', () => {
  it('tells each listener the reason once, at once when the call was already aborted, and never after unsubscribing', () => {
    const ctx = new CallContext(undefined);
    const heard: unknown[] = [];
    ctx.onAbort((reason) => heard.push(['first', reason]));
    const off = ctx.onAbort((reason) => heard.push(['gone', reason]));
    off();
    ctx.abort('timeout');
    ctx.abort('again');
    ctx.onAbort((reason) => heard.push(['late', reason]));
    expect(heard).toEqual([
      ['first', 'timeout'],
      ['late', 'timeout'],
    ]);
    expect(ctx.signal.aborted).toBe(true);
    expect(ctx.signal.reason).toBe('timeout');
  });
});
