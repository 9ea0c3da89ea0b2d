import { existsSync } from 'node:fs';
import path from 'node:path';
import { approvalFor } from '../../shared/domain/approval';
import type { ApprovalMode, PersonaFile } from '../../shared/domain/persona';
import { dataPaths } from '../core/data-dir';
import { DEFAULT_TOOL_TIMEOUT_S } from '../core/engines/loop-context';
import { StudioError } from '../core/errors';
import { readPersonaFile } from '../core/personas/persona-file';
import { PersonaStore } from '../core/personas/persona-store';
import { buildPersonaRuntime } from '../core/app/persona-runtime';
import { SecretStore } from '../core/personas/secret-store';
import { ToolRegistry, type ToolBox } from '../core/toolbox';
import { loadToolboxCatalog, type ToolboxCatalog } from '../core/toolboxes/catalog';

/** The toolboxes one `mcp` server serves, with the call timeout and a name for the server. */
export interface ServedToolboxes {
  name: string;
  registry: ToolRegistry;
  timeoutMs: number;
  /** Each tool's approval: the persona runtime's, else (installed toolboxes, default configs) the defaults. */
  approval: (toolboxId: string, tool: string) => ApprovalMode;
  close(): Promise<void>;
}

/** How long the first discovery of every toolbox may take before serving starts (slow servers join later). */
const DISCOVERY_WAIT_MS = 15_000;

/**
 * A persona's toolboxes (`persona` is a .json file or a persona id in the data folder), or, without one,
 * every installed toolbox with its default config. Waits (bounded) for their first discovery.
 */
export async function loadServedToolboxes(options: {
  persona?: string;
  dataDir: string;
  catalog?: ToolboxCatalog;
}): Promise<ServedToolboxes> {
  const catalog = options.catalog ?? (await loadToolboxCatalog({ dataDir: options.dataDir }));
  let toolboxes: ToolBox[];
  let timeoutMs = DEFAULT_TOOL_TIMEOUT_S * 1000;
  let name = 'persona-studio';
  let approval: ServedToolboxes['approval'] = (toolboxId, tool) => approvalFor({}, toolboxId, tool, {});
  if (options.persona) {
    const persona = await readPersona(options.persona, options.dataDir);
    const runtime = await buildPersonaRuntime(persona, { toolboxes: catalog.toolboxes, bus: null });
    toolboxes = runtime.toolboxes;
    timeoutMs = runtime.toolTimeoutMs;
    if (runtime.approval) approval = runtime.approval;
    name = `persona-studio: ${persona.name}`;
  } else {
    toolboxes = Object.values(catalog.toolboxes).map((d) => d.create({ toolboxId: d.id, config: {} }));
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(toolboxes.map((t) => t.ready)),
    new Promise((resolve) => (timer = setTimeout(resolve, DISCOVERY_WAIT_MS))),
  ]);
  clearTimeout(timer);
  return {
    name,
    registry: new ToolRegistry(toolboxes),
    timeoutMs,
    approval,
    close: async () => {
      await Promise.allSettled(toolboxes.map((t) => t.close()));
    },
  };
}

/** A persona file (a path that exists, or ends in .json) or an id in the data folder (secrets merged in). */
export async function readPersona(ref: string, dataDir: string): Promise<PersonaFile> {
  if (ref.endsWith('.json') || ref.includes(path.sep) || existsSync(ref)) {
    let read;
    try {
      read = await readPersonaFile(ref);
    } catch (error) {
      throw new StudioError('persona_not_found', `Cannot read the persona file ${ref}: ${(error as Error).message}`);
    }
    if (!read.ok) throw new StudioError(read.error.code, `${ref}: ${read.error.message}`, read.error.details);
    return read.persona;
  }
  const paths = dataPaths(dataDir);
  return new PersonaStore(paths.personas, new SecretStore(paths.secrets)).loadWithSecrets(ref);
}
