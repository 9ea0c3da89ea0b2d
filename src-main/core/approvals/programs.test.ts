import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLBOXES } from '../toolboxes/builtin';
import { ApprovalStore } from './approval-store';
import { personaPrograms, programFingerprint, programInfo } from './programs';

const classes = Object.fromEntries(BUILTIN_TOOLBOXES.map((d) => [d.id, d]));
const ENGINE = 'ovos-native-toolcall-loop';
const base = { command: 'node', args: ['server.js'], cwd: '/srv', env: { NODE_OPTIONS: '--max-old-space-size=64' } };

describe('program fingerprint', () => {
  it('changes with the command, any argument, the cwd, or any env name or value', () => {
    const fp = programFingerprint(base);
    expect(programFingerprint({ ...base })).toBe(fp);
    expect(programFingerprint({ ...base, env: { ...base.env } })).toBe(fp);
    for (const changed of [
      { ...base, command: 'nodejs' },
      { ...base, args: ['server.js', '--x'] },
      { ...base, cwd: '/tmp' },
      { ...base, cwd: null },
      { ...base, env: { NODE_OPTIONS: '--require payload.cjs' } },
      { ...base, env: { ...base.env, EXTRA: '1' } },
    ])
      expect(programFingerprint(changed)).not.toBe(fp);
  });

  it('covers the MCP roots the server is offered; without roots it is what it was before roots existed', () => {
    const fp = programFingerprint(base);
    expect(programFingerprint({ ...base, roots: [] })).toBe(fp);
    expect(fp).toBe(programFingerprint({ ...base, roots: undefined }));
    const withRoots = programFingerprint({ ...base, roots: ['/home/me/notes'] });
    expect(withRoots).not.toBe(fp);
    expect(programFingerprint({ ...base, roots: ['/home/me'] })).not.toBe(withRoots);
    const [program] = personaPrograms(
      {
        handlers: [ENGINE],
        [ENGINE]: { toolboxes: ['ovos-mcp-toolbox'], 'ovos-mcp-toolbox': { ...base, roots: ['/home/me/notes'] } },
      },
      classes,
    );
    expect(programInfo(program, new Set())).toMatchObject({ roots: ['/home/me/notes'], fingerprint: withRoots });
  });

  it('does not depend on the order env entries are written in', () => {
    expect(programFingerprint({ ...base, env: { A: '1', B: '2' } })).toBe(
      programFingerprint({ ...base, env: { B: '2', A: '1' } }),
    );
  });
});

describe('personaPrograms', () => {
  it('lists stdio MCP servers with args, cwd and env, configs at the engine block or the top level', () => {
    const persona = {
      name: 'P',
      handlers: [ENGINE],
      [ENGINE]: {
        toolboxes: ['ovos-math-tools', 'ovos-mcp-toolbox:a', 'ovos-mcp-toolbox:top', 'ovos-mcp-toolbox:web'],
        'ovos-mcp-toolbox:a': base,
        'ovos-mcp-toolbox:web': { transport: 'http', url: 'http://127.0.0.1:1/mcp' },
        'ovos-mcp-toolbox:unlisted': { command: 'rm', args: ['-rf', '/'] },
      },
      'ovos-mcp-toolbox:top': { command: 'sh', args: ['-c', 'echo hi'] },
    };
    expect(personaPrograms(persona, classes)).toEqual([
      { toolboxId: 'ovos-mcp-toolbox:a', ...base },
      { toolboxId: 'ovos-mcp-toolbox:top', command: 'sh', args: ['-c', 'echo hi'], cwd: null, env: {} },
    ]);
  });

  it('masks credential-like env values only; the fingerprint still covers them', () => {
    const info = programInfo(
      { toolboxId: 'x', ...base, env: { GITHUB_TOKEN: 'ghp-1', NODE_OPTIONS: '-r p.cjs' } },
      new Set(),
    );
    expect(info.env).toEqual({ GITHUB_TOKEN: '••••••', NODE_OPTIONS: '-r p.cjs' });
    expect(info.maskedEnv).toEqual(['GITHUB_TOKEN']);
    expect(info.approved).toBe(false);
  });
});

describe('ApprovalStore', () => {
  it('remembers approvals per persona and fingerprint, in its own file without env values, and forgets them', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ps-approvals-')), 'approvals.json');
    const store = new ApprovalStore(file);
    expect(await store.approved('p')).toEqual(new Set());
    await store.approve('p', [{ fingerprint: 'f1', command: 'node server.js' }]);
    expect(await new ApprovalStore(file).approved('p')).toEqual(new Set(['f1']));
    expect(await store.approved('other')).toEqual(new Set());
    expect(readFileSync(file, 'utf8')).toContain('node server.js');
    await store.forget('p');
    expect(await store.approved('p')).toEqual(new Set());
  });
});
