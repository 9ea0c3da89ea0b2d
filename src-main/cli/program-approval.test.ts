import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApprovalStore } from '../core/approvals/approval-store';
import { programInfo } from '../core/approvals/programs';
import { confirmPrograms } from './program-approval';

const program = programInfo(
  { toolboxId: 'ovos-mcp-toolbox:x', command: 'node', args: ['server.js'], cwd: null, env: {} },
  new Set(),
);

/** A terminal that answers `answer`, and what the prompt printed. */
function terminal(answer: string | null) {
  const input = Object.assign(new PassThrough(), { isTTY: answer !== null });
  const output = new PassThrough();
  let printed = '';
  output.on('data', (d: Buffer) => (printed += d.toString()));
  if (answer !== null) setTimeout(() => input.write(`${answer}\n`), 20);
  return { input, output, printed: () => printed };
}

describe('confirmPrograms (CLI)', () => {
  const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'ps-cli-confirm-'));
  const approved = (dir: string) => new ApprovalStore(path.join(dir, 'approvals.json')).approved('p');

  it('at a terminal: prints the program, asks y/N, and remembers a yes', async () => {
    const dir = dataDir();
    const tty = terminal('y');
    const policy = await confirmPrograms({ programs: [program], personaKey: 'p', dataDir: dir, yes: false, ...tty });
    expect(policy).toEqual(new Set([program.fingerprint]));
    expect(tty.printed()).toContain('[ovos-mcp-toolbox:x] node server.js');
    expect(tty.printed()).toContain('Start them? [y/N]');
    expect(await approved(dir)).toEqual(new Set([program.fingerprint]));
  });

  it('at a terminal: anything but y starts nothing and remembers nothing', async () => {
    const dir = dataDir();
    await expect(
      confirmPrograms({ programs: [program], personaKey: 'p', dataDir: dir, yes: false, ...terminal('') }),
    ).rejects.toThrow('Not started');
    expect(await approved(dir)).toEqual(new Set());
  });

  it('without a terminal: refused unless --yes (which is not remembered) or approved before', async () => {
    const dir = dataDir();
    await expect(
      confirmPrograms({ programs: [program], personaKey: 'p', dataDir: dir, yes: false, ...terminal(null) }),
    ).rejects.toThrow('run again with --yes');
    const yes = await confirmPrograms({
      programs: [program],
      personaKey: 'p',
      dataDir: dir,
      yes: true,
      ...terminal(null),
    });
    expect(yes).toEqual(new Set([program.fingerprint]));
    expect(await approved(dir)).toEqual(new Set());
    const before = { ...program, approved: true };
    expect(
      await confirmPrograms({ programs: [before], personaKey: 'p', dataDir: dir, yes: false, ...terminal(null) }),
    ).toEqual(new Set([program.fingerprint]));
  });
});
