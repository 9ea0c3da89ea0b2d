import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { sampleRun } from '../../lib/trace-fixtures';
import { SessionBar } from './SessionBar';
import { storeKit, renderInStore } from '../../testing/store-kit';

afterEach(cleanup);

describe('SessionBar', () => {
  it('exports the whole trace of the session from main (requests included), under the name main gives', async () => {
    const events = sampleRun('r1', 's1');
    const whole = 'the whole trace as main reads it from the session file\n';
    const { store, calls } = storeKit({
      'chat.exportTrace': () => ({ text: whole, fileName: 'trace-s1.jsonl', secretsRemoved: 0 }),
    });
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
      await waitFor(() => expect(names).toEqual(['trace-s1.jsonl']));
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    }
    expect(calls.find((c) => c.method === 'chat.exportTrace')?.input).toEqual({ sessionId: 's1' });
    expect(await blobs[0].text()).toBe(whole);
    expect(blobs[0].type).toBe('application/x-ndjson');
    expect(store.getState().toasts).toEqual([]);
  });

  it('says when main replaced secret values in the exported trace', async () => {
    const { store } = storeKit({
      'chat.exportTrace': () => ({ text: '{}\n', fileName: 'trace-s1.jsonl', secretsRemoved: 2 }),
    });
    store.getState().applyTrace({ sessionId: 's1', event: sampleRun('r1', 's1')[0] });
    store.setState({ sessionId: 's1' });
    const create = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = () => 'blob:trace';
    HTMLAnchorElement.prototype.click = () => undefined;
    try {
      renderInStore(store, <SessionBar />);
      fireEvent.click(screen.getByTestId('export-trace'));
      await waitFor(() =>
        expect(store.getState().toasts.at(-1)?.text).toBe(
          'trace-s1.jsonl: 2 secret values were found in the trace and replaced by “[secret removed]”.',
        ),
      );
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('says why when the trace could not be exported', async () => {
    const { store } = storeKit({
      'chat.exportTrace': () => {
        throw new Error("No session 's1'.");
      },
    });
    store.getState().applyTrace({ sessionId: 's1', event: sampleRun('r1', 's1')[0] });
    store.setState({ sessionId: 's1' });
    renderInStore(store, <SessionBar />);
    fireEvent.click(screen.getByTestId('export-trace'));
    await waitFor(() =>
      expect(store.getState().toasts.at(-1)?.text).toBe("The trace could not be exported: No session 's1'."),
    );
  });

  it('has nothing to export before a chat', () => {
    renderInStore(storeKit().store, <SessionBar />);
    expect((screen.getByTestId('export-trace') as HTMLButtonElement).disabled).toBe(true);
  });
});
