import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
let home: string;

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/persona-studio.js', 'personas', ...args], {
      env: { ...process.env, PERSONA_STUDIO_HOME: home },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), 'ps-cli-'));
});

describe('persona-studio personas', () => {
  it('imports the seed example, lists it with broken files marked, and exports it with or without the key', async () => {
    const imported = await cli('import', 'examples/native_toolcall_persona.json');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain("Imported 'Calculator' as native_toolcall_persona");
    expect(imported.stdout).toContain(
      'Secrets moved to the secrets file: ovos-native-toolcall-loop.ovos-chat-openai-plugin.api_key.',
    );

    writeFileSync(path.join(home, 'personas', 'broken.json'), '{ nope');
    const [listed, listedJson] = await Promise.all([cli('list'), cli('list', '--json')]);
    expect(listed.stdout).toMatch(/^assistant\s+Assistant\s+ovos-native-toolcall-loop/m);
    expect(listed.stdout).toMatch(/^native_toolcall_persona\s+Calculator/m);
    expect(listed.stdout).toMatch(/^broken\s+BROKEN: Not valid JSON/m);
    const json = JSON.parse(listedJson.stdout);
    expect(json.dataDir).toBe(home);
    expect(json.personas.map((p: { id: string }) => p.id)).toEqual(['assistant', 'native_toolcall_persona']);
    expect(json.broken).toMatchObject([
      { id: 'broken', path: path.join(home, 'personas', 'broken.json'), error: { code: 'persona_invalid' } },
    ]);

    const out = path.join(home, 'out.json');
    expect((await cli('export', 'native_toolcall_persona', out)).code).toBe(0);
    const original = JSON.parse(readFileSync('examples/native_toolcall_persona.json', 'utf8'));
    const exported = JSON.parse(readFileSync(out, 'utf8'));
    expect(exported['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'].api_key).toBeUndefined();
    delete original['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'].api_key;
    expect(exported).toEqual(original);

    const withKey = path.join(home, 'with-key.json');
    expect((await cli('export', 'native_toolcall_persona', withKey, '--with-secrets')).stdout).toContain(
      '(with its API keys)',
    );
    expect(
      JSON.parse(readFileSync(withKey, 'utf8'))['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'].api_key,
    ).toBe('not-needed-for-local');
    if (process.platform !== 'win32') expect(statSync(withKey).mode & 0o777).toBe(0o600);

    const again = await cli('export', 'native_toolcall_persona', withKey);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      `Error (bad_input): ${withKey} already exists and is kept as it is; to replace it, export with overwrite (CLI: --force).`,
    );
    expect(
      JSON.parse(readFileSync(withKey, 'utf8'))['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'].api_key,
    ).toBe('not-needed-for-local');
    expect((await cli('export', 'native_toolcall_persona', withKey, '--force')).code).toBe(0);
    expect(
      JSON.parse(readFileSync(withKey, 'utf8'))['ovos-native-toolcall-loop']['ovos-chat-openai-plugin'].api_key,
    ).toBeUndefined();
  }, 60_000);

  it('names plugins that are not installed, and exits 2 on a file that is not a persona', async () => {
    const odd = path.join(home, 'odd.json');
    writeFileSync(odd, JSON.stringify({ name: 'Odd', handlers: ['ovos-solver-wolfram'] }));
    const bad = path.join(home, 'bad.json');
    writeFileSync(bad, JSON.stringify({ name: 'No handlers' }));
    await cli('list');
    const mcp = path.join(home, 'mcp.json');
    writeFileSync(
      mcp,
      JSON.stringify({
        name: 'Notes',
        handlers: ['ovos-react-loop'],
        'ovos-react-loop': {
          toolboxes: ['ovos-mcp-toolbox'],
          'ovos-mcp-toolbox': { command: 'node', args: ['notes-server.js'] },
        },
      }),
    );
    const [oddOut, refused, ghost, mcpOut] = await Promise.all([
      cli('import', odd),
      cli('import', bad),
      cli('export', 'ghost', path.join(home, 'x.json')),
      cli('import', mcp),
    ]);
    expect(oddOut.stdout).toContain('Not installed here (kept as they are): ovos-solver-wolfram.');
    expect(oddOut.stdout).not.toContain('Warning');
    expect(mcpOut.stdout).toContain(
      'This persona starts these programs (MCP servers); none runs until you approve it (in the app, or when run/tools/mcp ask):\n  [ovos-mcp-toolbox] node notes-server.js',
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'Error (persona_invalid): Not a valid persona: handlers: personas must have at least 1 utterance handler',
    );
    expect(ghost.code).toBe(2);
    expect(ghost.stderr).toContain("Error (persona_not_found): No persona 'ghost'");
  }, 60_000);
});
