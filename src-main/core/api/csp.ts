/**
 * The renderer's Content-Security-Policy, the same in Electron and browser mode: scripts only from the app
 * itself (no inline scripts, no eval), no plugins, no framing, no form posts. Images and audio of tool results
 * arrive inline, so `img-src` and `media-src` also allow `data:` and `blob:` (never a remote host).
 * `connect` adds the WebSocket origins of browser mode.
 */
export function contentSecurityPolicy(options: { connect?: string[] } = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(options.connect ?? [])],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
    'worker-src': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
