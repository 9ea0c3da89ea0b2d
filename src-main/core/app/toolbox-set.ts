import type { ProgramPolicy } from '../approvals/awaiting-approval';
import { DEFAULT_TOOL_TIMEOUT_S } from '../engines/loop-context';
import { readPersonaRef } from '../personas/persona-ref';
import { ToolRegistry, type ToolBox } from '../toolbox';
import { loadToolboxClasses, type ToolboxCatalog } from '../toolboxes/catalog';
import { closeToolboxes, instantiateToolboxes, waitForDiscovery } from './instantiate-toolboxes';
import { buildPersonaRuntime } from './persona-runtime';

/** Toolboxes loaded for one command (`tools`, `call --persona`, `mcp`): their registry, call timeout and a name. */
export interface ToolboxSet {
  name: string;
  registry: ToolRegistry;
  timeoutMs: number;
  close(): Promise<void>;
}

/**
 * A persona's toolboxes (`persona` is a .json file or a persona id in the data folder), built as for a run, or,
 * without one, every installed toolbox with its default config. Waits (bounded) for their first discovery.
 */
export async function loadToolboxSet(options: {
  persona?: string;
  dataDir: string;
  catalog?: ToolboxCatalog;
  /** Which of the persona's programs may start (the CLI asked the user first); default none. */
  programs?: ProgramPolicy;
}): Promise<ToolboxSet> {
  const catalog = options.catalog ?? (await loadToolboxClasses({ dataDir: options.dataDir }));
  let toolboxes: ToolBox[];
  let timeoutMs = DEFAULT_TOOL_TIMEOUT_S * 1000;
  let name = 'persona-studio';
  if (options.persona) {
    const persona = await readPersonaRef(options.persona, options.dataDir);
    const runtime = await buildPersonaRuntime(persona, {
      toolboxClasses: catalog.classes,
      bus: null,
      programs: options.programs,
    });
    toolboxes = runtime.toolboxes;
    timeoutMs = runtime.toolTimeoutMs;
    name = `persona-studio: ${persona.name}`;
  } else {
    toolboxes = await instantiateToolboxes(
      catalog.classes,
      Object.keys(catalog.classes).map((id) => ({ id, config: {} })),
    );
  }
  await waitForDiscovery(toolboxes);
  return { name, registry: new ToolRegistry(toolboxes), timeoutMs, close: () => closeToolboxes(toolboxes) };
}
