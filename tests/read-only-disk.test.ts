import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MethodInput, MethodName } from '../shared/ipc/contract';
import { createApp, type App } from '../src-main/core/api/app';
import { dispatch } from '../src-main/core/api/dispatch';

const call = <M extends MethodName>(app: App, method: M, input: MethodInput<M>) =>
  dispatch(app.handlers, { id: 1, method, input }, { transport: 'test', validateOutput: true });

/** A tmpfs over the personas folder, so that it can be turned read-only (we are root in CI containers). */
function mountPersonas(home: string): { readOnly: () => void; unmount: () => void } | null {
  const dir = path.join(home, 'personas');
  mkdirSync(dir, { recursive: true });
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]).status !== 0) return null;
  return {
    readOnly: () => void spawnSync('mount', ['-o', 'remount,ro', dir]),
    unmount: () => void spawnSync('umount', ['-l', dir]),
  };
}

const home = mkdtempSync(path.join(os.tmpdir(), 'ps-ro-'));
const disk = mountPersonas(home);

describe.skipIf(!disk)('a read-only disk', () => {
  afterAll(() => disk?.unmount());

  it('deleting a persona says the disk is read-only and that nothing changed, not "internal: EROFS"', async () => {
    const app = await createApp({ dataDir: home, mode: 'browser' });
    try {
      const persona = { name: 'Kept', handlers: ['ovos-native-toolcall-loop'] };
      expect(await call(app, 'personas.save', { persona })).toMatchObject({ ok: true });
      disk!.readOnly();
      const file = path.join(home, 'personas', 'kept.json');
      expect(await call(app, 'personas.delete', { id: 'kept' })).toEqual({
        id: 1,
        ok: false,
        error: {
          code: 'forbidden',
          message: `Cannot delete ${file}: the disk is read-only. Nothing was changed.`,
          details: { path: file, code: 'EROFS' },
        },
      });
    } finally {
      await app.close();
    }
  });
});

describe('notices', () => {
  it('a settings.json that does not parse is a notice the window can fetch, not only a line on stderr', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ps-notice-'));
    writeFileSync(path.join(dir, 'settings.json'), '{"theme": ');
    const app = await createApp({ dataDir: dir, mode: 'browser' });
    try {
      const answer = await call(app, 'app.notices', {});
      expect(answer).toMatchObject({
        ok: true,
        output: {
          notices: [
            {
              level: 'warning',
              sessionId: null,
              message: `${path.join(dir, 'settings.json')} does not parse (not valid JSON); using the default settings. It is kept as it is, and copied aside when settings are saved.`,
            },
          ],
        },
      });
    } finally {
      await app.close();
    }
  });
});
