import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { allowedOrigins, hostAllowed } from '../core/net/loopback';

/** The loopback checks live in core, shared with the bus server. */
export { allowedOrigins, hostAllowed };

/** A fresh random token for one host start (32 bytes, URL-safe). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares tokens in constant time (digests first, so lengths leak nothing either). */
export function tokenMatches(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Why an upgrade is refused (HTTP status and text), or null when it may proceed. */
export function checkUpgrade(
  request: { url?: string; headers: Record<string, string | string[] | undefined> },
  options: { port: number; token: string },
): { status: 400 | 401 | 403 | 404; reason: string } | null {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname !== '/api') return { status: 404, reason: 'Not Found' };
  if (!hostAllowed(String(request.headers.host ?? ''), options.port)) return { status: 403, reason: 'Forbidden host' };
  const origin = request.headers.origin;
  // Browsers always send Origin on a WebSocket handshake; a client without one (CLI, tests) still needs the token.
  if (origin !== undefined && !allowedOrigins(options.port).includes(String(origin)))
    return { status: 403, reason: 'Forbidden origin' };
  if (!tokenMatches(url.searchParams.get('token'), options.token)) return { status: 401, reason: 'Unauthorized' };
  return null;
}
