import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from './load-suite';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ps-load-suite-'));

describe('loadSuite says plainly what is wrong with a suite file', () => {
  it('a path with no file, a folder, a missing field', async () => {
    const gone = path.join(dir, 'gone.suite.json');
    await expect(loadSuite(gone)).rejects.toThrow(`${gone}: cannot read the suite: there is no such file`);
    await expect(loadSuite(dir)).rejects.toThrow(`${dir}: cannot read the suite: it is a folder, not a file`);
    const noPersona = path.join(dir, 'x.suite.json');
    writeFileSync(noPersona, JSON.stringify({ cases: [{ name: 'a', turns: ['hi'] }] }));
    await expect(loadSuite(noPersona)).rejects.toThrow(`${noPersona}: persona: missing (a string)`);
  });
});
