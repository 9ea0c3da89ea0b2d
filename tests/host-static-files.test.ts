import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../src-main/host/static-files';

let server: Server;
let socketServer: net.Server;
let base: string;

/** A raw GET (no URL normalization by the client), answered with status, headers and body. */
function get(rawPath: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ps-static-'));
  const root = path.join(dir, 'renderer');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'secret.txt'), 'TOP SECRET');
  symlinkSync(path.join(dir, 'secret.txt'), path.join(root, 'assets', 'leak.js'));
  // A socket file: it exists and is no folder, but opening it fails (ENXIO), even for root.
  socketServer = net.createServer();
  await new Promise<void>((resolve) => socketServer.listen(path.join(root, 'assets', 'broken.js'), resolve));
  server = createServer(serveStatic(root, { 'Content-Security-Policy': "default-src 'self'" }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => socketServer.close(resolve));
});

describe('static files of browser mode', () => {
  it('serves the built files, and index.html (with the CSP) for app routes', async () => {
    expect((await get('/assets/app.js')).body).toBe('console.log(1)');
    const page = await get('/chat/assistant');
    expect(page.status).toBe(200);
    expect(page.body).toContain('id="root"');
    expect(page.headers['content-security-policy']).toBe("default-src 'self'");
  });

  it('never leaves the folder: encoded .., absolute paths, NUL bytes, backslashes', async () => {
    for (const p of ['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt', '/..%5csecret.txt']) {
      const res = await get(p);
      expect(res.body, p).not.toContain('TOP SECRET');
      expect([400, 403, 404], p).toContain(res.status);
    }
    const absolute = await get('//etc/passwd');
    expect(absolute.body).not.toContain('root:');
    expect(absolute.body).toContain('id="root"');
    expect((await get('/assets/app.js%00.html')).status).toBe(400);
  });

  it('refuses a symlink that leads out of the folder', async () => {
    const res = await get('/assets/leak.js');
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('TOP SECRET');
  });

  it('answers 500 for a file it cannot read, and keeps serving (no crash)', async () => {
    const res = await get('/assets/broken.js');
    expect(res.status).toBe(500);
    expect((await get('/assets/app.js')).status).toBe(200);
  });

  it('lists no folder: a folder path is the app page, never a listing', async () => {
    const res = await get('/assets/');
    expect(res.body).toContain('id="root"');
    expect(res.body).not.toContain('app.js');
  });
});
