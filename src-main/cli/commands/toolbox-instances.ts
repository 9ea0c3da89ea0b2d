import { readFile } from 'node:fs/promises';
import { resolveDataDir } from '../../core/data-dir';
import { closeToolboxes, instantiateToolboxes, waitForDiscovery } from '../../core/app/instantiate-toolboxes';
import { loadToolboxSet } from '../../core/app/toolbox-set';
import type { ToolBox, ToolRegistry } from '../../core/toolbox';
import { loadToolboxCatalog, toolboxFor, type ToolboxCatalog } from '../../core/toolboxes/catalog';
import type { ProgramPolicy } from '../../core/approvals/awaiting-approval';
import { CliInputError } from '../cli-input-error';
import { approvePersonaPrograms } from '../program-approval';
import { parseJsonSafe } from '../../../shared/json/safe-json';

/** One installed toolbox as the CLI commands use it. */
export interface LoadedToolbox {
  id: string;
  source: string;
  title: string;
  description: string;
  toolbox: ToolBox;
}

/** The catalog of installed toolboxes (built-ins + plugins in the data folder). */
export function loadCatalog(): Promise<ToolboxCatalog> {
  return loadToolboxCatalog({ dataDir: resolveDataDir() });
}

/** Instantiates toolboxes (config per id) and waits for their first discovery, bounded so a dead server cannot hang the CLI. */
export async function instantiate(
  catalog: ToolboxCatalog,
  ids: string[],
  configs: Record<string, Record<string, unknown>> = {},
  programs: ProgramPolicy = new Set(),
): Promise<LoadedToolbox[]> {
  const toolboxes = await instantiateToolboxes(
    catalog.toolboxes,
    ids.map((id) => ({ id, config: configs[id] ?? {} })),
    { programs },
  );
  await waitForDiscovery(toolboxes);
  return toolboxes.map((toolbox) => describeLoaded(catalog, toolbox));
}

/** A toolbox with its catalog entry's title, description and source (an instance id `<plugin>:<name>` uses its plugin's). */
function describeLoaded(catalog: ToolboxCatalog, toolbox: ToolBox): LoadedToolbox {
  const descriptor = toolboxFor(catalog.toolboxes, toolbox.toolboxId);
  return {
    id: toolbox.toolboxId,
    source: descriptor?.source ?? 'plugin',
    title: descriptor?.title ?? toolbox.toolboxId,
    description: descriptor?.description ?? '',
    toolbox,
  };
}

export async function closeAll(loaded: LoadedToolbox[]): Promise<void> {
  await closeToolboxes(loaded.map((l) => l.toolbox));
}

/** Reads `--config <file>`: a JSON object of toolbox id -> config block (as a persona's engine block holds them); bad -> CliInputError. */
export async function readConfigFile(file: string | undefined): Promise<Record<string, Record<string, unknown>>> {
  if (!file) return {};
  let json: unknown;
  try {
    json = parseJsonSafe(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CliInputError(`Cannot read the config file ${file}: ${(error as Error).message}`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw new CliInputError(`The config file ${file} must hold a JSON object: {"<toolbox_id>": {...config}}.`);
  return json as Record<string, Record<string, unknown>>;
}

/** `--name value` from an argument list; the remaining arguments keep their order. */
export function takeOption(
  args: string[],
  name: string,
): { value: string | undefined; rest: string[]; missing: boolean } {
  const i = args.indexOf(name);
  if (i < 0) return { value: undefined, rest: args, missing: false };
  const value = args[i + 1];
  return {
    value,
    rest: [...args.slice(0, i), ...args.slice(i + 2)],
    missing: value === undefined || value.startsWith('--'),
  };
}

/**
 * A persona's toolboxes (a persona file or an id in the data folder), built as for a run, after its programs were
 * printed and approved (stored, --yes, or y at a terminal); discovery waited for, bounded. A persona that cannot
 * be found or loaded, or programs not approved, is a CliInputError.
 */
export async function personaToolboxes(
  ref: string,
  options: { yes: boolean },
): Promise<{ loaded: LoadedToolbox[]; registry: ToolRegistry; close(): Promise<void> }> {
  const catalog = await loadCatalog();
  const dataDir = resolveDataDir();
  const programs = await approvePersonaPrograms(ref, { dataDir, classes: catalog.toolboxes, yes: options.yes });
  let set;
  try {
    set = await loadToolboxSet({ persona: ref, dataDir, catalog, programs });
  } catch (error) {
    throw new CliInputError((error as Error).message, { cause: error });
  }
  const loaded = set.registry.toolboxes.map((toolbox) => describeLoaded(catalog, toolbox));
  return { loaded, registry: set.registry, close: set.close };
}
