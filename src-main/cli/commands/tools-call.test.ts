import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnCli } from '../../core/testing/spawn-cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let home: string;

beforeAll(() => {
  home = mkdtempSync(path.join(tmpdir(), 'ps-cli-'));
  cpSync(path.join(root, 'examples', 'toolbox-plugin'), path.join(home, 'plugins', 'greeting-tools'), {
    recursive: true,
  });
  cpSync(path.join(root, 'examples', 'toolbox-plugin'), path.join(home, 'plugins', 'broken'), { recursive: true });
  writeFileSync(
    path.join(home, 'plugins', 'broken', 'package.json'),
    JSON.stringify({ name: 'broken', opm: { 'agents.toolbox': { 'broken-tools': './dist/missing.js#X' } } }),
  );
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Runs the real CLI as a child process. */
function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return spawnCli(args, home).done;
}

describe('persona-studio tools / call (child processes)', { timeout: 30_000 }, () => {
  it('tools --json prints the OpenAI spec list of every installed tool; tools lists them readably', async () => {
    const [json, readable] = await Promise.all([cli('tools', '--json'), cli('tools')]);
    expect(json.code).toBe(0);
    const spec = JSON.parse(json.stdout) as {
      type: string;
      function: { name: string; description: string; parameters: { properties: object } };
    }[];
    const names = spec.map((t) => t.function.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'evaluate_expression',
        'unit_convert',
        'statistics_summary',
        'solve_equation',
        'current_time',
        'date_add',
        'greet',
      ]),
    );
    for (const tool of spec) {
      expect(tool.type).toBe('function');
      // OVOS's get_current_datetime takes no arguments.
      if (tool.function.name !== 'get_current_datetime')
        expect(Object.keys(tool.function.parameters.properties).length).toBeGreaterThan(0);
    }
    expect(names).toEqual(expect.arrayContaining(['get_current_datetime', 'read_file', 'run_command', 'web_search']));
    expect(json.stderr).toMatch(/plugin broken-tools: .*file '\.\/dist\/missing\.js' not found/);

    expect(readable.code).toBe(0);
    expect(readable.stdout).toContain('ovos-math-tools  Math [builtin]');
    expect(readable.stdout).toContain('  - unit_convert(value: number, from_unit: string, to_unit: string)');
    expect(readable.stdout).toContain('greeting-tools  Greetings [plugin]');
    expect(readable.stdout).toMatch(/- greet\(name: string, language\?: "en"\|"pt"/);
    expect(readable.stdout).toMatch(/Plugins that failed to load:\n {2}broken-tools: /);
  });

  it('call prints the validated output as JSON and exits 0, for built-ins and plugins', async () => {
    const [math, plugin] = await Promise.all([
      cli('call', 'ovos-math-tools', 'evaluate_expression', '{"expression": "12*9"}'),
      cli('call', 'greeting-tools', 'greet', '{"name": "Ana", "language": "pt"}'),
    ]);
    expect(math).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(math.stdout)).toEqual({ result: 108, expression: '12*9', error: null });
    expect(plugin.code).toBe(0);
    expect(JSON.parse(plugin.stdout)).toEqual({ greeting: 'Olá, Ana!', language: 'pt' });
  });

  it('call errors go to stderr with exit 2: invalid input (with issues), unknown tool, bad JSON, unknown toolbox', async () => {
    const [invalid, unknownTool, badJson, unknownBox] = await Promise.all([
      cli('call', 'ovos-math-tools', 'unit_convert', '{"value": "ten", "from_unit": "km"}'),
      cli('call', 'ovos-math-tools', 'nope', '{}'),
      cli('call', 'ovos-math-tools', 'evaluate_expression', '{expression: 1}'),
      cli('call', 'no-such-box', 'x', '{}'),
    ]);
    expect(invalid.code).toBe(2);
    expect(invalid.stdout).toBe('');
    expect(invalid.stderr).toMatch(
      /^Tool input validation failed for 'unit_convert' in ToolBox 'ovos-math-tools'\n {2}value: .+\n {2}to_unit: .+\n$/,
    );
    expect(unknownTool).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "Unknown tool 'nope' for ToolBox 'ovos-math-tools'.\n",
    });
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toMatch(/^The arguments are not valid JSON \(.+\): \{expression: 1\}\nPass one JSON object/);
    expect(unknownBox.code).toBe(2);
    expect(unknownBox.stderr).toMatch(
      /^Unknown toolbox 'no-such-box'\.\nInstalled: ovos-math-tools, ovos-clock-tools, .*greeting-tools\.\n$/,
    );
  });

  it('call with a tool name where the toolbox goes says which toolbox has it, as the command to type', async () => {
    const { code, stdout, stderr } = await cli('call', 'evaluate_expression', '{"expression": "2**10"}');
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr.split('\n')[0]).toBe(
      "Unknown toolbox 'evaluate_expression'. 'evaluate_expression' is a tool of ovos-math-tools: " +
        `persona-studio call ovos-math-tools evaluate_expression '{"expression": "2**10"}'`,
    );
    expect(stderr.split('\n')[1]).toMatch(/^Installed: ovos-math-tools, /);
  });

  it('a config file that cannot be read, or a persona that does not exist, is bad input: one line on stderr, exit 2', async () => {
    const notJson = path.join(home, 'config.txt');
    writeFileSync(notJson, 'not json');
    const [missing, broken, ghost] = await Promise.all([
      cli(
        'call',
        '--config',
        path.join(home, 'nope.json'),
        'ovos-math-tools',
        'evaluate_expression',
        '{"expression": "1"}',
      ),
      cli('call', '--config', notJson, 'ovos-math-tools', 'evaluate_expression', '{"expression": "1"}'),
      cli('tools', '--persona', 'ghost-persona'),
    ]);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toMatch(/^Cannot read the config file .*nope\.json: .*ENOENT.*\n$/);
    expect(broken).toMatchObject({ code: 2, stdout: '' });
    expect(broken.stderr).toMatch(/^Cannot read the config file .*config\.txt: /);
    expect(ghost.code).toBe(2);
    expect(ghost.stderr).toContain('ghost-persona');
    expect(ghost.stderr).not.toMatch(/\n\s+at /);
  });
});
