import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureDataDir, resolveDataDir } from './data-dir';

describe('the data folder', () => {
  it('is $PERSONA_STUDIO_HOME, else Electron userData, else ~/.config/persona-studio (XDG_CONFIG_HOME respected)', () => {
    expect(resolveDataDir({ env: { PERSONA_STUDIO_HOME: 'rel/home' }, electronUserData: '/u' })).toBe(
      path.resolve('rel/home'),
    );
    expect(resolveDataDir({ env: {}, electronUserData: '/u/Persona Studio' })).toBe('/u/Persona Studio');
    expect(resolveDataDir({ env: { XDG_CONFIG_HOME: '/x' } })).toBe(path.join('/x', 'persona-studio'));
    expect(resolveDataDir({ env: {} })).toBe(path.join(os.homedir(), '.config', 'persona-studio'));
  });

  it('is created with personas/, sessions/ and plugins/, private to the user', () => {
    const root = path.join(mkdtempSync(path.join(os.tmpdir(), 'ps-dd-')), 'data');
    const paths = ensureDataDir(root);
    for (const dir of [paths.personas, paths.sessions, paths.plugins]) expect(statSync(dir).isDirectory()).toBe(true);
    if (process.platform !== 'win32') expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(paths.secrets).toBe(path.join(root, 'secrets.json'));
    expect(paths.settings).toBe(path.join(root, 'settings.json'));
  });
});
