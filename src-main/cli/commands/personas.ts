import type { Command } from '../index';
import { resolveDataDir } from '../../core/data-dir';
import { StudioError } from '../../core/errors';
import { openPersonaStore } from '../../core/personas/open-store';
import { formatPrograms } from '../../core/approvals/programs';
import type { ProgramSource } from '../../core/approvals/programs';
import { programsFor } from '../program-approval';

const usage = `Usage:
  persona-studio personas list [--json]
      every persona file, broken ones marked
  persona-studio personas import <file> [--replace]
      import an OVOS persona file (when its id is taken: kept as "<name> (2)", or replaced with --replace)
  persona-studio personas export <id> <file> [--with-secrets] [--force]
      write a persona as an OVOS file (an existing file is replaced only with --force)

The data folder is the app's: $PERSONA_STUDIO_HOME, else ~/.config/persona-studio.
API keys stay in secrets.json; an export carries them only with --with-secrets.`;

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

async function list(args: string[]): Promise<number> {
  const dataDir = resolveDataDir();
  const { personas } = await openPersonaStore(dataDir);
  const result = await personas.list();
  if (args.includes('--json')) {
    out(JSON.stringify({ dataDir, ...result }, null, 2));
    return 0;
  }
  if (!result.personas.length && !result.broken.length) out(`No personas in ${dataDir}.`);
  for (const p of result.personas)
    out(`${p.id.padEnd(24)} ${p.name.padEnd(24)} ${(p.engine ?? '-').padEnd(28)} ${p.path}`);
  for (const b of result.broken) out(`${b.id.padEnd(24)} BROKEN: ${b.error.message} (${b.path})`);
  return 0;
}

/** The programs an imported persona starts (its secrets merged in), none of them approved yet. */
async function personaProgramInfos(dataDir: string, id: string, classes: Readonly<Record<string, ProgramSource>>) {
  const { personas } = await openPersonaStore(dataDir);
  return programsFor(await personas.loadWithSecrets(id), classes, dataDir, id);
}

async function importFile(args: string[]): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    err(usage);
    return 2;
  }
  const dataDir = resolveDataDir();
  const { personas } = await openPersonaStore(dataDir);
  // Loaded here only: the plugin catalog pulls in every toolbox, brain and engine.
  const [{ loadToolboxCatalog }, { knownPlugins }] = await Promise.all([
    import('../../core/toolboxes/catalog'),
    import('../../core/app/known-plugins'),
  ]);
  const { toolboxes: classes } = await loadToolboxCatalog({ dataDir });
  const onConflict = args.includes('--replace') ? 'replace' : 'keep-both';
  const { record, unknownPluginIds, replaced } = await personas.import({ path: file }, knownPlugins(classes), {
    onConflict,
  });
  const programs = await personaProgramInfos(dataDir, record.id, classes);
  out(`${replaced ? 'Replaced' : 'Imported'} '${record.persona.name}' as ${record.id} (${record.path}).`);
  if (record.secretsSet.length) out(`Secrets moved to the secrets file: ${record.secretsSet.join(', ')}.`);
  if (unknownPluginIds.length) out(`Not installed here (kept as they are): ${unknownPluginIds.join(', ')}.`);
  if (programs.length)
    out(
      `This persona starts these programs (MCP servers); none runs until you approve it (in the app, or when run/tools/mcp ask):\n${formatPrograms(programs)}`,
    );
  return 0;
}

async function exportFile(args: string[]): Promise<number> {
  const [id, file] = args.filter((a) => !a.startsWith('--'));
  if (!id || !file) {
    err(usage);
    return 2;
  }
  const { personas } = await openPersonaStore(resolveDataDir());
  const withSecrets = args.includes('--with-secrets');
  const result = await personas.export(id, { withSecrets, path: file, overwrite: args.includes('--force') });
  out(`Exported ${id} to ${result.path}${withSecrets ? ' (with its API keys)' : ''}.`);
  return 0;
}

/** `persona-studio personas list|import|export`, on the app's data folder. */
export const command: Command = {
  summary: 'list, import and export persona files (OVOS format)',
  usage,
  async run(args) {
    const [sub, ...rest] = args;
    try {
      if (sub === 'list') return await list(rest);
      if (sub === 'import') return await importFile(rest);
      if (sub === 'export') return await exportFile(rest);
    } catch (error) {
      if (error instanceof StudioError) {
        err(`Error (${error.code}): ${error.message}`);
        return error.code === 'bad_input' ||
          error.code === 'persona_invalid' ||
          error.code === 'persona_not_found' ||
          error.code === 'not_found'
          ? 2
          : 1;
      }
      throw error;
    }
    err(usage);
    return 2;
  },
};
