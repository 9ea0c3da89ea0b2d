import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split('; ').map((d) => {
      const [name, ...values] = d.split(' ');
      return [name, values];
    }),
  );
}

describe('the renderer CSP', () => {
  it("lets a tool result's inline image and audio play (data:, blob:), and nothing from another host", () => {
    const csp = directives(contentSecurityPolicy());
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('keeps scripts to the app itself: no eval, no inline scripts, no data: or blob: scripts', () => {
    const csp = directives(contentSecurityPolicy({ connect: ['ws://127.0.0.1:1234'] }));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:1234']);
  });
});
