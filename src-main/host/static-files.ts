import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Persona Studio</title>
<p>The renderer is not built yet. Run <code>npm run build</code> (or <code>npx vite build</code>) and reload this page.</p>`;

/** Serves the built renderer from `root`; `/` is index.html; nothing outside `root` is reachable. */
export function serveStatic(root: string, headers: Record<string, string>) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const send = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      res.writeHead(status, { ...headers, 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'Method Not Allowed');
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      return send(400, 'Bad Request');
    }
    if (pathname.includes('\0')) return send(400, 'Bad Request');
    const index = path.join(root, 'index.html');
    if (!existsSync(index)) return send(503, NOT_BUILT, 'text/html; charset=utf-8');
    const resolved = path.resolve(root, `.${pathname}`);
    if (resolved !== root && !resolved.startsWith(root + path.sep)) return send(403, 'Forbidden');
    let file = resolved;
    if (!existsSync(file) || statSync(file).isDirectory()) {
      if (path.extname(pathname)) return send(404, 'Not Found');
      file = index;
    }
    // A symlink inside the folder must not lead out of it.
    const real = realpathSync(file);
    const realRoot = realpathSync(root);
    if (!real.startsWith(realRoot + path.sep)) return send(403, 'Forbidden');
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const stream = createReadStream(real);
    stream.once('error', (error) => {
      // Unreadable after all (removed meanwhile, no permission): an error status if nothing was sent, else cut the response.
      if (!res.headersSent) send(500, `Cannot read ${pathname}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
      else res.destroy();
    });
    stream.once('open', () => {
      res.writeHead(200, {
        ...headers,
        'Content-Type': type,
        'Cache-Control': file === index ? 'no-store' : 'no-cache',
      });
      if (req.method === 'HEAD') {
        stream.destroy();
        res.end();
        return;
      }
      stream.pipe(res);
    });
  };
}
