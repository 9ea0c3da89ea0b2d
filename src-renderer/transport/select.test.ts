import { describe, expect, it } from 'vitest';
import { createClient } from '../../shared/ipc/client';
import type { Bridge } from './electron-transport';
import { selectTransport } from './select';

describe('selectTransport', () => {
  it("uses Electron's bridge when the preload put one on window", async () => {
    const sent: unknown[] = [];
    const listeners: Array<(e: unknown) => void> = [];
    const bridge: Bridge = {
      invoke: async (request) => {
        sent.push(request);
        return { id: (request as { id: number }).id, ok: true, output: { cancelled: true } };
      },
      onEvent: (l) => {
        listeners.push(l);
        return () => undefined;
      },
    };
    const client = createClient(selectTransport({ bridge, location: window.location } as unknown as Window));
    expect(await client.call('chat.cancel', { runId: 'r' })).toEqual({ cancelled: true });
    expect(sent).toEqual([{ id: 1, method: 'chat.cancel', input: { runId: 'r' } }]);
    const got: unknown[] = [];
    client.on('personas.changed', (p) => got.push(p));
    listeners[0]({ event: 'personas.changed', payload: { id: 'a' } });
    listeners[0]({ event: 'tools.changed', payload: {} });
    expect(got).toEqual([{ id: 'a' }]);
  });

  it("otherwise opens the host's WebSocket on the page's origin with the page's ?token=", async () => {
    const urls: string[] = [];
    const OriginalWebSocket = globalThis.WebSocket;
    globalThis.WebSocket = class {
      constructor(url: string) {
        urls.push(url);
        throw new Error('no server in this test');
      }
    } as unknown as typeof WebSocket;
    try {
      const location = new URL('http://127.0.0.1:5180/?token=abc123');
      const client = createClient(selectTransport({ location } as unknown as Window));
      await expect(client.call('app.info', {})).rejects.toMatchObject({
        message: expect.stringContaining('ws://127.0.0.1:5180/api'),
      });
      expect(urls).toEqual(['ws://127.0.0.1:5180/api?token=abc123']);
    } finally {
      globalThis.WebSocket = OriginalWebSocket;
    }
  });
});
