import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { messagesOfFrame } from '../shared/ipc/envelope';
import { MAX_IN_FLIGHT, startHost, type Host } from '../src-main/host/host';

let host: Host;
let hanging: Server;
let hangingUrl: string;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ps-limits-'));
  mkdirSync(path.join(dir, 'renderer'));
  writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><div id="root"></div>');
  host = await startHost({ port: 0, dataDir: path.join(dir, 'data'), staticDir: path.join(dir, 'renderer') });
  // A "model server" that accepts requests and never answers: brains.models calls to it stay unanswered.
  hanging = createServer(() => undefined);
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  hanging.closeAllConnections();
  await new Promise((resolve) => hanging.close(resolve));
  await host.close();
});

function status(hostHeader: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path: '/', headers: { Host: hostHeader } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser mode host limits', () => {
  it('serves pages only under its own host name (DNS rebinding gets 403)', async () => {
    expect(await status(`127.0.0.1:${host.port}`)).toBe(200);
    expect(await status(`localhost:${host.port}`)).toBe(200);
    expect(await status(`evil.example:${host.port}`)).toBe(403);
    expect(await status('127.0.0.1')).toBe(403);
  });

  it(`answers requests beyond ${MAX_IN_FLIGHT} unanswered ones at once with an error, and keeps the connection`, async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api?token=${host.token}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const answers = new Map<number, { ok: boolean; error?: { message: string } }>();
    ws.on('message', (data) => {
      for (const message of messagesOfFrame(JSON.parse(data.toString()))) {
        const msg = message as { id?: number; ok?: boolean; error?: { message: string } };
        if (typeof msg.id === 'number') answers.set(msg.id, { ok: Boolean(msg.ok), error: msg.error });
      }
    });
    const extra = 5;
    for (let id = 1; id <= MAX_IN_FLIGHT + extra; id++)
      ws.send(JSON.stringify({ id, method: 'brains.models', input: { api_url: hangingUrl } }));
    const deadline = Date.now() + 10_000;
    while (answers.size < extra && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect([...answers.keys()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: extra }, (_, i) => MAX_IN_FLIGHT + 1 + i),
    );
    for (const answer of answers.values()) expect(answer.error?.message).toContain('Too many requests at once');
    // Once the model server lets go, the requests in flight are answered and new ones run again.
    hanging.closeAllConnections();
    while (answers.size < MAX_IN_FLIGHT + extra && Date.now() < deadline + 10_000)
      await new Promise((r) => setTimeout(r, 20));
    ws.send(JSON.stringify({ id: 10_000, method: 'app.info', input: {} }));
    while (!answers.has(10_000) && Date.now() < deadline + 15_000) await new Promise((r) => setTimeout(r, 20));
    expect(answers.get(10_000)).toMatchObject({ ok: true });
    ws.close();
  }, 40_000);

  it('answers a request nested 10,000 levels deep with bad_input naming the depth limit, and keeps the connection', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api?token=${host.token}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const answers: Array<{ id: number; ok: boolean; error?: { code: string; message: string } }> = [];
    ws.on('message', (data) =>
      answers.push(...(messagesOfFrame(JSON.parse(data.toString())) as Array<(typeof answers)[number]>)),
    );
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    ws.send(`{"id":7,"method":"personas.save","input":{"persona":{"name":"D","handlers":["x"],"x":${deep}}}}`);
    ws.send(JSON.stringify({ id: 8, method: 'app.info', input: {} }));
    const deadline = Date.now() + 10_000;
    while (answers.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(answers.find((a) => a.id === 7)).toEqual({
      id: 7,
      ok: false,
      error: { code: 'bad_input', message: 'The JSON is nested deeper than 256 levels, the limit.' },
    });
    expect(answers.find((a) => a.id === 8)).toMatchObject({ ok: true });
    ws.close();
  });
});
