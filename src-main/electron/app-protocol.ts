import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Protocol } from 'electron';
import { contentSecurityPolicy } from '../core/api/csp';

/**
 * The renderer is served from `app://persona-studio/` rather than file://: a real origin for the sender
 * checks, no access to other local files, and the CSP sent as a response header on every page.
 */
export const APP_SCHEME = 'app';
export const APP_BASE_URL = `${APP_SCHEME}://persona-studio/`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Must run before the app is ready. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** The file an app:// URL names inside the renderer folder, or null when it points elsewhere. */
export function resolveAppFile(rendererDir: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (`${parsed.protocol}//${parsed.host}/` !== APP_BASE_URL) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`);
  return file.startsWith(root + path.sep) ? file : null;
}

/** Serves the built renderer on app://, with the CSP header. */
export function handleAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  const csp = contentSecurityPolicy();
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererDir, request.url);
    if (!file) return new Response('Forbidden', { status: 403 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'Content-Security-Policy': csp,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not Found', { status: 404 });
    }
  });
}
