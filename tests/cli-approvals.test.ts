import { beforeAll, describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCli } from '../src-main/core/testing/spawn-cli';
import { useTempDir } from '../src-main/core/testing/temp-dir';

/** Without a terminal (spawnSync's stdin is a pipe), a program of a persona starts only with --yes or an approval. */
describe('CLI: the programs of a persona', () => {
  const tmp = useTempDir('ps-cli-approvals');
  let persona: string;
  let marker: string;
  const cli = (...args: string[]) => runCli(args, tmp.path);

  beforeAll(async () => {
    marker = path.join(tmp.path, 'marker.txt');
    persona = path.join(tmp.path, 'marker.json');
    await writeFile(
      persona,
      JSON.stringify({
        name: 'Marker',
        handlers: ['ovos-native-toolcall-loop'],
        'ovos-native-toolcall-loop': { toolboxes: ['ovos-mcp-toolbox:m'] },
        'ovos-mcp-toolbox:m': {
          command: process.execPath,
          args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`],
          cwd: tmp.path,
          env: { NODE_OPTIONS: '--no-warnings', API_TOKEN: 'tok-secret-1' },
        },
      }),
    );
  });

  for (const args of [
    ['tools', '--persona'],
    ['mcp', '--persona'],
    ['run', '<persona>', 'hi'],
  ]) {
    test(`${args[0]} prints the command, cwd and env, and refuses without --yes (nothing starts)`, () => {
      const argv = args.includes('<persona>') ? args.map((a) => (a === '<persona>' ? persona : a)) : [...args, persona];
      const result = cli(...argv);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(`[ovos-mcp-toolbox:m] ${process.execPath} -e`);
      expect(result.stderr).toContain(`cwd: ${tmp.path}`);
      expect(result.stderr).toContain('env: NODE_OPTIONS=--no-warnings');
      expect(result.stderr).toContain('env: API_TOKEN=••••••');
      expect(result.stderr).not.toContain('tok-secret-1');
      expect(result.stderr).toContain('run again with --yes');
      expect(existsSync(marker)).toBe(false);
    });
  }

  test('with --yes the program starts', () => {
    const result = cli('tools', '--persona', persona, '--yes');
    expect(result.stderr).toContain('Starting them (--yes).');
    expect(existsSync(marker)).toBe(true);
  });
});
