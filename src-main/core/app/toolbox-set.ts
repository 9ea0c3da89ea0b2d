import { approvalFor } from '../../../shared/domain/approval';
import type { ApprovalMode } from '../../../shared/domain/persona';
import type { ProgramPolicy } from '../approvals/awaiting-approval';
import { DEFAULT_TOOL_TIMEOUT_S } from '../engines/loop-context';
import { readPersonaRef } from '../personas/persona-ref';
import { ToolRegistry, type ToolBox } from '../toolbox';
import { loadToolboxCatalog, type ToolboxCatalog } from '../toolboxes/catalog';
import { closeToolboxes, instantiateToolboxes, waitForDiscovery } from './instantiate-toolboxes';
import { buildPersonaRuntime } from './persona-runtime';

/** Toolboxes loaded for one command (`tools`, `call --persona`, `mcp`): their registry, call timeout and a name. */
export interface ToolboxSet {
  name: string;
  registry: ToolRegistry;
  timeoutMs: number;
  /** Each tool's approval mode: the persona runtime's, else (installed toolboxes, default configs) the defaults. */
  approval: (toolboxId: string, tool: string) => ApprovalMode;
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
  const catalog = options.catalog ?? (await loadToolboxCatalog({ dataDir: options.dataDir }));
  let toolboxes: ToolBox[];
  let registry: ToolRegistry | null = null;
  let timeoutMs = DEFAULT_TOOL_TIMEOUT_S * 1000;
  let name = 'persona-studio';
  let approval: ToolboxSet['approval'] = (toolboxId, tool) => approvalFor({}, toolboxId, tool, {});
  if (options.persona) {
    const persona = await readPersonaRef(options.persona, options.dataDir);
    const runtime = await buildPersonaRuntime(persona, {
      toolboxes: catalog.toolboxes,
      bus: null,
      programs: options.programs,
    });
    toolboxes = runtime.toolboxes;
    // The persona's own registry: its clash renames and the tools it turned off.
    registry = runtime.registry;
    timeoutMs = runtime.toolTimeoutMs;
    if (runtime.approval) approval = runtime.approval;
    name = `persona-studio: ${persona.name}`;
  } else {
    toolboxes = await instantiateToolboxes(
      catalog.toolboxes,
      Object.keys(catalog.toolboxes).map((id) => ({ id, config: {} })),
    );
  }
  await waitForDiscovery(toolboxes);
  return {
    name,
    registry: registry ?? new ToolRegistry(toolboxes),
    timeoutMs,
    approval,
    close: () => closeToolboxes(toolboxes),
  };
}
