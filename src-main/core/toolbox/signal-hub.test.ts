import { describe, expect, it } from 'vitest';
import { offAbort, onAbort } from './signal-hub';

describe('onAbort', () => {
  it('tells every call still waiting on a shared signal, in order, once; a call that ended hears nothing', () => {
    const controller = new AbortController();
    const heard: string[] = [];
    const first = () => heard.push('first');
    const ended = () => heard.push('ended');
    const last = () => heard.push('last');
    onAbort(controller.signal, first);
    onAbort(controller.signal, ended);
    onAbort(controller.signal, last);
    offAbort(controller.signal, ended);
    controller.abort();
    controller.abort();
    expect(heard).toEqual(['first', 'last']);
  });

  it('keeps signals apart', () => {
    const a = new AbortController();
    const b = new AbortController();
    const heard: string[] = [];
    onAbort(a.signal, () => heard.push('a'));
    onAbort(b.signal, () => heard.push('b'));
    b.abort();
    expect(heard).toEqual(['b']);
  });
});
