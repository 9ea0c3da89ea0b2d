import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test, vi } from 'vitest';
import { RequestSignal } from './request-signal';

/** A server whose one tool, `wait`, answers only when the client cancels it (with the reason it got). */
async function connectedPair() {
  const server = new Server({ name: 'wait', version: '1' }, { capabilities: { tools: {} } });
  let cancelled: (reason: string) => void;
  const serverSawCancel = new Promise<string>((resolve) => (cancelled = resolve));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'wait', inputSchema: { type: 'object', properties: {} } }],
  }));
  server.setRequestHandler(
    CallToolRequestSchema,
    (_request, extra) =>
      new Promise((resolve) =>
        extra.signal.addEventListener('abort', () => {
          cancelled(String(extra.signal.reason));
          resolve({ content: [] });
        }),
      ),
  );
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1' });
  await Promise.all([server.connect(a), client.connect(b)]);
  return { client, serverSawCancel, close: () => Promise.all([client.close(), server.close()]) };
}

describe('RequestSignal: the signal an MCP tools/call gets', () => {
  test('aborting it cancels the request in the SDK: the server hears notifications/cancelled, the call rejects', async () => {
    const { client, serverSawCancel, close } = await connectedPair();
    try {
      const signal = new RequestSignal();
      const read = new Set<PropertyKey>();
      const watched = new Proxy(signal, {
        get(target, key) {
          read.add(key);
          const value = Reflect.get(target, key, target) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const call = client.callTool({ name: 'wait', arguments: {} }, undefined, {
        signal: watched as unknown as AbortSignal,
        timeout: 60_000,
      });
      await new Promise((r) => setTimeout(r, 20));
      signal.abort(new Error('user pressed stop'));
      await expect(call).rejects.toThrow(/user pressed stop/);
      await expect(serverSawCancel).resolves.toContain('user pressed stop');
      // Everything the SDK read of it is an AbortSignal member RequestSignal implements.
      for (const key of read) expect(key in signal, `the SDK read signal.${String(key)}`).toBe(true);
      expect([...read]).toContain('addEventListener');
    } finally {
      await close();
    }
  });

  test('as an AbortSignal: aborted once, reason (AbortError by default), listeners once each, throwIfAborted', () => {
    const signal = new RequestSignal();
    const heard = vi.fn();
    const removed = vi.fn();
    const object = { handleEvent: vi.fn() };
    signal.addEventListener('abort', heard);
    signal.addEventListener('abort', removed);
    signal.addEventListener('abort', object);
    signal.removeEventListener('abort', removed);
    expect(() => signal.throwIfAborted()).not.toThrow();
    signal.abort();
    signal.abort(new Error('second'));
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(DOMException);
    expect((signal.reason as DOMException).name).toBe('AbortError');
    expect(() => signal.throwIfAborted()).toThrow(/aborted/);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(object.handleEvent).toHaveBeenCalledTimes(1);
    expect(removed).not.toHaveBeenCalled();
    const late = vi.fn();
    signal.addEventListener('abort', late);
    expect(late).not.toHaveBeenCalled();
  });
});
