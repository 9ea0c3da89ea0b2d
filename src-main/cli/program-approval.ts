import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { ProgramInfo } from '../../shared/ipc/contract';
import { ApprovalStore } from '../core/approvals/approval-store';
import type { ProgramPolicy } from '../core/approvals/awaiting-approval';
import {
  formatPrograms,
  personaPrograms,
  programInfo,
  toolboxPrograms,
  type ProgramSource,
} from '../core/approvals/programs';
import { isPersonaPath, readPersonaRef } from '../core/personas/persona-ref';
import { dataPaths } from '../core/data-dir';
import { CliInputError } from './cli-input-error';

/** Programs were not approved (no --yes, no terminal to ask, or the user said no): nothing started. */
export class ProgramsNotApprovedError extends CliInputError {}

/** How approvals are remembered for a persona given on the command line: its id, or `file:<absolute path>`. */
export function cliPersonaKey(ref: string): string {
  return isPersonaPath(ref) ? `file:${path.resolve(ref)}` : ref;
}

/** Options every command that may start programs takes. */
export interface ApproveOptions {
  dataDir: string;
  classes: Readonly<Record<string, ProgramSource>>;
  yes: boolean;
}

/** The programs of a persona given as a file or an id, printed and confirmed (see confirmPrograms). */
export async function approvePersonaPrograms(ref: string, options: ApproveOptions): Promise<ProgramPolicy> {
  let persona;
  try {
    persona = await readPersonaRef(ref, options.dataDir);
  } catch (error) {
    throw new CliInputError((error as Error).message, { cause: error });
  }
  return approveProgramsOf(persona, ref, options);
}

/** The programs of a persona read from `ref` (a file or an id), printed and confirmed (see confirmPrograms). */
export async function approveProgramsOf(
  persona: Record<string, unknown>,
  ref: string,
  options: ApproveOptions & { input?: NodeJS.ReadableStream & { isTTY?: boolean } },
): Promise<ProgramPolicy> {
  const personaKey = cliPersonaKey(ref);
  const programs = await programsFor(persona, options.classes, options.dataDir, personaKey);
  const { dataDir, yes, input } = options;
  return confirmPrograms({ programs, personaKey, dataDir, yes, input });
}

/** The programs of `--config <file>` toolbox blocks (bus, call), printed and confirmed; remembered per file. */
export async function approveConfigPrograms(
  file: string | undefined,
  configs: Record<string, Record<string, unknown>>,
  options: ApproveOptions,
): Promise<ProgramPolicy> {
  if (!file) return new Set();
  const personaKey = `config:${path.resolve(file)}`;
  const approved = await new ApprovalStore(dataPaths(options.dataDir).approvals).approved(personaKey);
  const programs = Object.entries(configs).flatMap(([id, config]) =>
    toolboxPrograms(options.classes, id, config).map((p) => programInfo(p, approved)),
  );
  return confirmPrograms({ programs, personaKey, dataDir: options.dataDir, yes: options.yes });
}

/** `--yes` taken out of an argument list. */
export function takeYes(args: string[]): { yes: boolean; rest: string[] } {
  return { yes: args.includes('--yes'), rest: args.filter((a) => a !== '--yes') };
}

/** The programs a persona (secrets merged in) starts, with whether each is approved for this key. */
export async function programsFor(
  persona: Record<string, unknown>,
  classes: Readonly<Record<string, ProgramSource>>,
  dataDir: string,
  personaKey: string,
): Promise<ProgramInfo[]> {
  const approved = await new ApprovalStore(dataPaths(dataDir).approvals).approved(personaKey);
  return personaPrograms(persona, classes).map((p) => programInfo(p, approved));
}

/**
 * Before `run`, `tools` or `mcp` start a persona's programs: prints them (to stderr: stdout may be the MCP stream),
 * then lets them start when every one is approved already, with `--yes`, or when the user answers y at a terminal
 * (remembered). Without a terminal and without --yes nothing starts: a CliInputError says how to allow it.
 */
export async function confirmPrograms(options: {
  programs: ProgramInfo[];
  personaKey: string;
  dataDir: string;
  yes: boolean;
  input?: NodeJS.ReadableStream & { isTTY?: boolean };
  output?: NodeJS.WritableStream;
}): Promise<ProgramPolicy> {
  const { programs } = options;
  const output = options.output ?? process.stderr;
  const input = options.input ?? process.stdin;
  const allowed = new Set(programs.map((p) => p.fingerprint));
  if (!programs.length) return allowed;
  output.write(
    `This persona starts ${programs.length === 1 ? 'this program' : 'these programs'}:\n${formatPrograms(programs)}\n`,
  );
  const pending = programs.filter((p) => !p.approved);
  if (!pending.length) return allowed;
  if (options.yes) {
    output.write('Starting them (--yes).\n');
    return allowed;
  }
  if (!input.isTTY)
    throw new ProgramsNotApprovedError(
      `Not started: ${pending.length === 1 ? 'a program' : `${pending.length} programs`} of this persona ${pending.length === 1 ? 'is' : 'are'} not approved. Check ${pending.length === 1 ? 'it' : 'them'} above, then run again with --yes (or approve in the app, or answer y in a terminal).`,
    );
  const rl = createInterface({ input, output });
  const answer = (await rl.question('Start them? [y/N] ')).trim().toLowerCase();
  rl.close();
  if (answer !== 'y' && answer !== 'yes')
    throw new ProgramsNotApprovedError('Not started: you did not approve these programs.');
  await new ApprovalStore(dataPaths(options.dataDir).approvals).approve(
    options.personaKey,
    pending.map((p) => ({ fingerprint: p.fingerprint, command: [p.command, ...p.args].join(' ') })),
  );
  return allowed;
}
