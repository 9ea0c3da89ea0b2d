import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// electron-builder reads its YAML config with js-yaml and checks it against app-builder-lib's JSON schema: the
// test reads both the same way, so a misspelt fuse (which electron-builder would reject or ignore) fails here.
const require = createRequire(path.resolve('node_modules/app-builder-lib/package.json'));
const yaml = require('js-yaml') as { load(text: string): unknown };
const scheme = require('./scheme.json') as {
  definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
  properties: Record<string, unknown>;
};
const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown>;

describe('packaging (electron-builder.yml)', () => {
  it('flips the Electron fuses: no run-as-node, NODE_OPTIONS or --inspect; cookies encrypted; only a checked app.asar', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    const known = Object.keys(scheme.definitions.FuseOptionsV1.properties);
    for (const key of Object.keys(config.electronFuses as object)) expect(known).toContain(key);
  });

  it('packs the app into an asar with its integrity hash (what the asar fuses check)', () => {
    expect(config.asar).toBe(true);
    expect(config).not.toHaveProperty('asarUnpack');
    for (const key of Object.keys(config)) expect(Object.keys(scheme.properties)).toContain(key);
  });
});
