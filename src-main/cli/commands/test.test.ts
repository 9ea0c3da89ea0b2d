import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../../core/testing/spawn-cli';

const tmp = mkdtempSync(path.join(tmpdir(), 'ps-test-cmd-'));
const home = path.join(tmp, 'home');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const cli = (...args: string[]) => spawnCli(['test', ...args], home).done;

/** The example folder copied, with the suite changed by `edit`. */
function examplesCopy(name: string, edit: (suite: { cases: { assertions: unknown[] }[] }) => void): string {
  const dir = path.join(tmp, name);
  cpSync('examples', dir, { recursive: true });
  const file = path.join(dir, 'suites', 'calculator.suite.json');
  const suite = JSON.parse(readFileSync(file, 'utf8'));
  edit(suite);
  writeFileSync(file, JSON.stringify(suite));
  return dir;
}

/** A tiny reading of the JUnit XML: its elements with their attributes, in document order. */
function elements(xml: string): { tag: string; attrs: Record<string, string> }[] {
  return [...xml.matchAll(/<(testsuites|testsuite|testcase|failure)\b([^>]*)>/g)].map((m) => ({
    tag: m[1],
    attrs: Object.fromEntries([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  }));
}

describe('persona-studio test', () => {
  it('passes on examples/, one line per case and a summary', async () => {
    const { code, stdout, stderr } = await cli('examples/');
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^PASS adds with the evaluate tool /m);
    expect(stdout).toMatch(/^PASS a mocked failing tool is reported to the model /m);
    expect(stdout).toContain('2 passed, 0 failed, 2 cases in 1 suite(s)');
    expect(code).toBe(0);
  }, 60_000);

  it('a copy with one assertion broken exits 1 and names it, and JUnit XML says so', async () => {
    const dir = examplesCopy('broken', (s) => {
      s.cases[0].assertions[4] = { type: 'answer_contains', value: '43' };
    });
    const junit = path.join(tmp, 'out.xml');
    const { code, stdout } = await cli(dir, '--junit', junit);
    expect(stdout).toMatch(/^FAIL adds with the evaluate tool /m);
    expect(stdout).toContain('✗ answer_contains "43": the answer "17 + 25 = 42." does not contain "43"');
    expect(stdout).toContain('1 passed, 1 failed, 2 cases');
    expect(code).toBe(1);

    const xml = readFileSync(junit, 'utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    const els = elements(xml);
    expect(els.map((e) => e.tag)).toEqual(['testsuites', 'testsuite', 'testcase', 'failure', 'testcase']);
    expect(els[0].attrs).toMatchObject({ tests: '2', failures: '1' });
    expect(els[2].attrs.name).toBe('adds with the evaluate tool');
    expect(els[3].attrs.message).toContain('answer_contains &quot;43&quot;');
    expect(xml.match(/<\/testcase>/g)).toHaveLength(1);
    expect(xml.trimEnd().endsWith('</testsuites>')).toBe(true);
  }, 60_000);

  it('--filter runs only the matching case; --json prints results and a summary', async () => {
    const { code, stdout } = await cli('examples/', '--filter', 'mocked', '--json');
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ name: 'a mocked failing tool is reported to the model', passed: true });
    expect(lines[1]).toEqual({ summary: { passed: 1, failed: 0, total: 1 } });
    expect(code).toBe(0);
  }, 60_000);

  it.each([
    [
      'an unknown assertion field',
      (s: { cases: { assertions: unknown[] }[] }) => {
        s.cases[1].assertions[0] = { type: 'tool_sequence', tool: ['x'] };
      },
      /calculator\.suite\.json: case 'a mocked failing tool is reported to the model': assertions\[0\]/,
    ],
    [
      'a bad regular expression',
      (s: { cases: { assertions: unknown[] }[] }) => {
        s.cases[0].assertions[5] = { type: 'answer_matches', pattern: '(' };
      },
      /calculator\.suite\.json: case 'adds with the evaluate tool': assertions\[5\]\.pattern: Invalid regular expression/,
    ],
    [
      'no cases',
      (s: { cases: unknown[] }) => {
        s.cases = [];
      },
      /calculator\.suite\.json: cases: /,
    ],
  ])(
    'exits 2 on %s, naming the file, the case and the field',
    async (name, edit, message) => {
      const dir = examplesCopy(name.replace(/\W+/g, '-'), edit as never);
      const { code, stderr, stdout } = await cli(dir);
      expect(stderr).toMatch(message);
      expect(stdout).toBe('');
      expect(code).toBe(2);
    },
    60_000,
  );

  it('exits 2 on a file that is not JSON and on a missing folder', async () => {
    const file = path.join(tmp, 'bad.suite.json');
    writeFileSync(file, '{ "persona": ');
    const bad = await cli(file);
    expect(bad.stderr).toContain(`${file}: not valid JSON`);
    expect(bad.code).toBe(2);
    writeFileSync(file, JSON.stringify({ cases: [] }));
    expect((await cli(file)).stderr).toContain(`${file}: persona: missing (a string)`);
    const missing = await cli(path.join(tmp, 'nowhere'));
    expect(missing.stderr).toContain('no such file or folder');
    expect(missing.code).toBe(2);
  }, 60_000);
});
