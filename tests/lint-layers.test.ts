import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.join(root, 'lint-fixtures');
const RULES = ['toolbox-contract', 'engines', 'app-api', 'stores', 'store-lib', 'components', 'features'];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

/** `line -> rule ids` from the fixture's `// expect: a, b` comments. */
function expected(text: string): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  text.split('\n').forEach((line, i) => {
    const m = /\/\/ expect: (.+)$/.exec(line);
    if (m) out[i + 1] = m[1].split(',').map((s) => s.trim());
  });
  return out;
}

const eslint = new ESLint({ cwd: root });
const files = walk(fixtures);

describe('the inner-layer lint rules (eslint.config.js), each broken by a fixture', () => {
  it.each(files.map((f) => [path.relative(fixtures, f), f]))(
    '%s reports exactly its forbidden imports',
    async (pretended, file) => {
      const text = readFileSync(file, 'utf8');
      const [result] = await eslint.lintText(text, { filePath: path.join(root, pretended) });
      const got: Record<number, string[]> = {};
      for (const m of result.messages.filter((m) => m.ruleId === 'layers/inner')) {
        (got[m.line] ??= []).push(/^\[([a-z-]+)\]/.exec(m.message)![1]);
      }
      for (const ids of Object.values(got)) ids.sort();
      const want = Object.fromEntries(Object.entries(expected(text)).map(([line, ids]) => [line, [...ids].sort()]));
      expect(got).toEqual(want);
      expect(result.messages.filter((m) => m.fatal)).toEqual([]);
    },
  );

  it('every rule is broken by at least one fixture, and its message says what to do', async () => {
    const hit = new Set(files.flatMap((f) => Object.values(expected(readFileSync(f, 'utf8'))).flat()));
    expect([...hit].sort()).toEqual([...RULES].sort());
    const [result] = await eslint.lintText("import { useApp } from '../store/context';\n", {
      filePath: path.join(root, 'src-renderer/components/Probe.tsx'),
    });
    expect(result.messages.map((m) => m.message)).toContain(
      '[components] components/ take props and import no store (nor features or transport): the caller passes the state in.',
    );
  });

  it('npm run lint skips the fixtures folder itself', async () => {
    expect(await eslint.isPathIgnored(path.join(fixtures, 'src-renderer/store/chat-slice.ts'))).toBe(true);
  });
});
