import { describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  const exposed: Record<string, unknown> = {};
  const listeners = new Map<string, Set<(e: unknown, p: unknown) => void>>();
  return {
    exposed,
    listeners,
    invoke: vi.fn(async (channel: string, request: unknown) => ({ channel, request })),
  };
});

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void (fake.exposed[key] = api) },
  ipcRenderer: {
    invoke: fake.invoke,
    on: (ch: string, l: (e: unknown, p: unknown) => void) =>
      void fake.listeners.set(ch, new Set([...(fake.listeners.get(ch) ?? []), l])),
    off: (ch: string, l: (e: unknown, p: unknown) => void) => void fake.listeners.get(ch)?.delete(l),
  },
}));

await import('./preload');

describe('preload', () => {
  it('exposes exactly bridge.invoke and bridge.onEvent', () => {
    expect(Object.keys(fake.exposed)).toEqual(['bridge']);
    expect(Object.keys(fake.exposed.bridge as object)).toEqual(['invoke', 'onEvent']);
  });

  it('invoke goes to app:rpc only; onEvent listens on app:event and unsubscribes', async () => {
    const bridge = fake.exposed.bridge as {
      invoke(r: unknown): Promise<unknown>;
      onEvent(l: (e: unknown) => void): () => void;
    };
    expect(await bridge.invoke({ id: 1 })).toEqual({ channel: 'app:rpc', request: { id: 1 } });
    const got: unknown[] = [];
    const off = bridge.onEvent((e) => got.push(e));
    for (const l of fake.listeners.get('app:event') ?? []) l({ sender: 'ipc' }, { event: 'x', payload: 1 });
    off();
    for (const l of fake.listeners.get('app:event') ?? []) l({}, { event: 'y', payload: 2 });
    expect(got).toEqual([{ event: 'x', payload: 1 }]);
  });
});
