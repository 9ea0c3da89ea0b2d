import { beforeAll, describe, expect, test } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runCli } from '../src-main/core/testing/spawn-cli';
import { useTempDir } from '../src-main/core/testing/temp-dir';

const EVERYTHING = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

describe('persona-studio tools/call --persona with an MCP server in the persona', () => {
  const tmp = useTempDir('ps-mcp-cli');
  let persona: string;
  const cli = (...args: string[]) => runCli(args, tmp.path);

  beforeAll(async () => {
    persona = path.join(tmp.path, 'mixed.json');
    await writeFile(
      persona,
      JSON.stringify({
        name: 'Mixed',
        handlers: ['ovos-native-toolcall-loop'],
        'ovos-native-toolcall-loop': {
          toolboxes: ['ovos-math-tools', 'ovos-mcp-toolbox:everything'],
          'ovos-mcp-toolbox:everything': { command: process.execPath, args: [EVERYTHING, 'stdio'] },
        },
      }),
    );
  });

  test('tools --json lists the MCP tools with their inputSchema as parameters', () => {
    const run = cli('tools', '--persona', persona, '--json', '--yes');
    expect(run.status).toBe(0);
    const spec = JSON.parse(run.stdout) as { function: { name: string; parameters: Record<string, unknown> } }[];
    const names = spec.map((t) => t.function.name);
    expect(names).toEqual(expect.arrayContaining(['evaluate_expression', 'get-sum', 'get-structured-content']));
    expect(spec.find((t) => t.function.name === 'get-structured-content')!.function.parameters).toMatchObject({
      type: 'object',
      properties: { location: { type: 'string', enum: ['New York', 'Chicago', 'Los Angeles'] } },
      required: ['location'],
    });
    const readable = cli('tools', '--persona', persona, '--yes');
    expect(readable.stdout).toContain('ovos-mcp-toolbox:everything  MCP server [mcp]');
    expect(readable.stdout).toContain('  - get-sum(a: number, b: number)');
  });

  test('call finds a tool by its model name, or by toolbox and name; errors exit 2 with the issues', () => {
    const sum = cli('call', '--yes', '--persona', persona, 'get-sum', '{"a": 1, "b": 2}');
    expect(sum.status).toBe(0);
    expect(JSON.parse(sum.stdout)).toMatchObject({ content: 'The sum of 1 and 2 is 3.', is_error: false });
    const math = cli(
      'call',
      '--yes',
      '--persona',
      persona,
      'ovos-math-tools',
      'evaluate_expression',
      '{"expression": "2+2"}',
    );
    expect(JSON.parse(math.stdout)).toEqual({ result: 4, expression: '2+2', error: null });
    const bad = cli('call', '--yes', '--persona', persona, 'get-sum', '{"a": "x"}');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("Tool input validation failed for 'get-sum' in ToolBox 'ovos-mcp-toolbox:everything'");
    expect(bad.stderr).toContain('a: Instance type "string" is invalid. Expected "number".');
  });
});
