import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { sampleRun } from '../../lib/trace-fixtures';
import { SessionBar, traceJsonl } from './SessionBar';
import { storeKit, renderInStore } from '../../testing/store-kit';

afterEach(cleanup);

describe('SessionBar', () => {
  it('exports the trace on screen as JSON Lines, one event per line in order, like the session files', async () => {
    const events = sampleRun('r1', 's1');
    const text = traceJsonl([...events].reverse());
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual(events);
    expect(text.endsWith('\n')).toBe(true);

    const store = storeKit().store;
    for (const event of events) store.getState().applyTrace({ sessionId: 's1', event });
    store.setState({ sessionId: 's1' });
    const blobs: Blob[] = [];
    const names: string[] = [];
    const create = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (b: Blob) => (blobs.push(b), 'blob:trace');
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      names.push(this.download);
    };
    try {
      renderInStore(store, <SessionBar />);
      fireEvent.click(screen.getByTestId('export-trace'));
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    }
    expect(names).toEqual(['trace-s1.jsonl']);
    expect(await blobs[0].text()).toBe(traceJsonl(events));
  });

  it('has nothing to export before a chat', () => {
    renderInStore(storeKit().store, <SessionBar />);
    expect((screen.getByTestId('export-trace') as HTMLButtonElement).disabled).toBe(true);
  });
});
