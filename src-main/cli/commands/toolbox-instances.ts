import { readFile } from 'node:fs/promises';
import { resolveDataDir } from '../../core/data-dir';
import { loadServedToolboxes } from '../../mcp-server/served-toolboxes';
import type { ToolBox, ToolRegistry } from '../../core/toolbox';
import { loadToolboxCatalog, toolboxFor, type ToolboxCatalog } from '../../core/toolboxes/catalog';
import { CliInputError } from '../cli-input-error';
import { parseJsonSafe } from '../../../shared/json/safe-json';

/** One installed toolbox as the CLI commands use it. */
export interface LoadedToolbox {
  id: string;
  source: string;
  title: string;
  description: string;
  toolbox: ToolBox;
}

const DISCOVERY_WAIT_MS = 15_000;

/** The catalog of installed toolboxes (built-ins + plugins in the data folder). */
export function loadCatalog(): Promise<ToolboxCatalog> {
  return loadToolboxCatalog({ dataDir: resolveDataDir() });
}

/** Instantiates toolboxes (config per id) and waits for their first discovery, bounded so a dead server cannot hang the CLI. */
export async function instantiate(
  catalog: ToolboxCatalog,
  ids: string[],
  configs: Record<string, Record<string, unknown>> = {},
): Promise<LoadedToolbox[]> {
  const loaded = ids.map((id) => {
    const descriptor = catalog.toolboxes[id];
    return {
      id,
      source: descriptor.source,
      title: descriptor.title,
      description: descriptor.description,
      toolbox: descriptor.create({ toolboxId: id, config: configs[id] ?? {} }),
    };
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(loaded.map((l) => l.toolbox.ready)),
    new Promise((r) => (timer = setTimeout(r, DISCOVERY_WAIT_MS))),
  ]);
  clearTimeout(timer);
  return loaded;
}

export async function closeAll(loaded: LoadedToolbox[]): Promise<void> {
  await Promise.all(loaded.map((l) => l.toolbox.close().catch(() => undefined)));
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
 * A persona's toolboxes (a persona file or an id in the data folder), built as for a run; discovery waited for,
 * bounded. A persona that cannot be found or loaded is a CliInputError.
 */
export async function personaToolboxes(
  ref: string,
): Promise<{ loaded: LoadedToolbox[]; registry: ToolRegistry; close(): Promise<void> }> {
  const catalog = await loadCatalog();
  let served;
  try {
    served = await loadServedToolboxes({ persona: ref, dataDir: resolveDataDir(), catalog });
  } catch (error) {
    throw new CliInputError((error as Error).message, { cause: error });
  }
  const loaded = served.registry.toolboxes.map((toolbox) => {
    const descriptor = toolboxFor(catalog.toolboxes, toolbox.toolboxId);
    return {
      id: toolbox.toolboxId,
      source: descriptor?.source ?? 'plugin',
      title: descriptor?.title ?? toolbox.toolboxId,
      description: descriptor?.description ?? '',
      toolbox,
    };
  });
  return { loaded, registry: served.registry, close: served.close };
}
