import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserOpener, noBrowserReason } from './open-browser';

const bin = mkdtempSync(path.join(tmpdir(), 'ps-browsers-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));
writeFileSync(path.join(bin, 'chromium'), '#!/bin/sh\n', { mode: 0o755 });

describe('browserOpener on Linux (issue 11.22)', () => {
  it('uses an installed chromium when xdg-open is missing, with a display', () => {
    expect(browserOpener('linux', { PATH: bin, DISPLAY: ':0' })).toEqual({ cmd: path.join(bin, 'chromium'), args: [] });
  });

  it('prefers $BROWSER, then xdg-open', () => {
    writeFileSync(path.join(bin, 'xdg-open'), '#!/bin/sh\n', { mode: 0o755 });
    expect(browserOpener('linux', { PATH: bin, DISPLAY: ':0' })!.cmd).toBe(path.join(bin, 'xdg-open'));
    expect(browserOpener('linux', { PATH: bin, DISPLAY: ':0', BROWSER: 'chromium' })!.cmd).toBe(
      path.join(bin, 'chromium'),
    );
    expect(browserOpener('linux', { PATH: bin, DISPLAY: ':0', BROWSER: 'none' })).toBeNull();
    rmSync(path.join(bin, 'xdg-open'));
  });

  it('without a display says so, instead of "no browser"', () => {
    expect(browserOpener('linux', { PATH: bin })).toBeNull();
    expect(noBrowserReason({ PATH: bin })).toBe(
      'No display to open a browser on (DISPLAY and WAYLAND_DISPLAY are unset): open the address above in a browser.',
    );
    expect(noBrowserReason({ PATH: '/nonexistent', DISPLAY: ':0' })).toMatch(/^No browser found .*set BROWSER=/);
  });
});
