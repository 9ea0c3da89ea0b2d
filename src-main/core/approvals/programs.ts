import { createHash } from 'node:crypto';
import type { ProgramInfo } from '../../../shared/ipc/contract';
import type { ProgramSpec } from '../toolbox';
import { parseMCPConfig } from '../toolboxes/mcp/config';

/** A program of one toolbox of a persona. */
export interface PersonaProgram extends ProgramSpec {
  toolboxId: string;
}

type Block = Record<string, unknown>;
const asBlock = (value: unknown): Block =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Block) : {};
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** What can say which programs a toolbox starts: a toolbox class or descriptor, read for a `programs(config)`. */
export type ProgramSource = object;
type WithPrograms = { programs?(config: Record<string, unknown>): ProgramSpec[] };

/**
 * The program an MCP stdio config starts (exactly what its session spawns); none for HTTP, or for a config that
 * does not parse (such a toolbox starts nothing).
 */
export function mcpPrograms(raw: Record<string, unknown>): ProgramSpec[] {
  let config;
  try {
    config = parseMCPConfig(raw);
  } catch {
    return [];
  }
  if (config.transport !== 'stdio' || !config.command) return [];
  const roots = config.roots.length ? { roots: config.roots } : {};
  return [{ command: config.command, args: config.args, cwd: config.cwd ?? null, env: config.env, ...roots }];
}

/** The built-in toolboxes that start programs, by plugin id; plugins declare theirs with a static `programs`. */
const BUILTIN_PROGRAMS: Readonly<Record<string, (config: Block) => ProgramSpec[]>> = {
  'ovos-mcp-toolbox': mcpPrograms,
};

/** The programs one toolbox with this config would start (none for most toolboxes). */
export function toolboxPrograms(
  sources: Readonly<Record<string, ProgramSource>>,
  toolboxId: string,
  config: Block,
): PersonaProgram[] {
  const pluginId = toolboxId.includes(':') ? toolboxId.slice(0, toolboxId.indexOf(':')) : toolboxId;
  const source = (sources[toolboxId] ?? sources[pluginId]) as WithPrograms | undefined;
  const of = BUILTIN_PROGRAMS[pluginId] ?? source?.programs;
  return (of?.(config) ?? []).map((p) => ({ toolboxId, ...p }));
}

/**
 * Every program a persona would start: for each engine it names (`handlers`, `solvers`), each toolbox id in the
 * engine's `toolboxes` with its config from the engine block, else from the persona's top level (as the loader
 * reads it). `persona` must have its secrets merged in (env values are part of the command).
 */
export function personaPrograms(persona: Block, classes: Readonly<Record<string, ProgramSource>>): PersonaProgram[] {
  const out: PersonaProgram[] = [];
  const seen = new Set<string>();
  for (const engineId of [...strings(persona.handlers), ...strings(persona.solvers)]) {
    const block = asBlock(persona[engineId]);
    for (const id of strings(block.toolboxes)) {
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(...toolboxPrograms(classes, id, asBlock(block[id] ?? persona[id])));
    }
  }
  return out;
}

/**
 * A hash of everything that decides what runs: command, arguments, working folder, environment (names and values),
 * and the MCP roots it is offered (only when there are some, so approvals made before roots existed still hold).
 */
export function programFingerprint(p: ProgramSpec): string {
  const env = Object.entries(p.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const roots = p.roots?.length ? [p.roots] : [];
  return createHash('sha256')
    .update(JSON.stringify([p.command, p.args, p.cwd, env, ...roots]))
    .digest('hex');
}

/** Env names whose values are credentials: shown masked (the rest, like NODE_OPTIONS, are shown whole). */
const CREDENTIAL_NAME = /key|token|secret|pass|auth|credential|cookie|session/i;

/** One line for people: the command and its arguments (quoted where needed), then cwd and env names. */
export function commandLine(p: ProgramSpec): string {
  const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  return [p.command, ...p.args].map(quote).join(' ');
}

/** A program as the window and the CLI show it: credential-like env values masked, with its approval state. */
export function programInfo(p: PersonaProgram, approved: ReadonlySet<string>): ProgramInfo {
  const masked = Object.keys(p.env).filter((name) => CREDENTIAL_NAME.test(name));
  const fingerprint = programFingerprint(p);
  return {
    toolboxId: p.toolboxId,
    command: p.command,
    args: p.args,
    cwd: p.cwd,
    env: Object.fromEntries(Object.entries(p.env).map(([k, v]) => [k, masked.includes(k) ? '••••••' : v])),
    maskedEnv: masked,
    roots: p.roots ?? [],
    fingerprint,
    approved: approved.has(fingerprint),
  };
}

/** The programs printed for a terminal, one block each. */
export function formatPrograms(programs: ProgramInfo[]): string {
  return programs
    .map((p) => {
      const lines = [`  [${p.toolboxId}] ${commandLine(p)}${p.approved ? '  (approved)' : ''}`];
      if (p.cwd) lines.push(`      cwd: ${p.cwd}`);
      for (const [k, v] of Object.entries(p.env)) lines.push(`      env: ${k}=${v}`);
      for (const root of p.roots) lines.push(`      MCP root: ${root}`);
      return lines.join('\n');
    })
    .join('\n');
}
