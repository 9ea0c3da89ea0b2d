import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** A fresh temp folder for the test file that calls this: made before its tests, removed after; read `.path` inside tests. */
export function useTempDir(prefix: string): { readonly path: string } {
  const dir = { path: '' };
  beforeAll(async () => {
    dir.path = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  });
  afterAll(async () => {
    await rm(dir.path, { recursive: true, force: true });
  });
  return dir;
}
