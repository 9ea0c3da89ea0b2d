import { AwaitingApprovalToolBox, unapprovedPrograms, type ProgramPolicy } from '../approvals/awaiting-approval';
import { programInfo } from '../approvals/programs';
import type { ChatEngine } from '../brains/chat-engine';
import type { Bus } from '../bus/bus';
import { StudioError } from '../errors';
import type { ToolBox } from '../toolbox';
import { toolboxFor } from '../toolboxes/catalog';
import { MissingToolBox } from './missing-toolbox';
import type { ToolboxDescriptor } from '../toolboxes/toolbox-descriptor';

/** One toolbox to build: its id (`<plugin-id>` or `<plugin-id>:<instance>`) and its config block. */
export interface ToolboxSpec {
  id: string;
  config: Record<string, unknown>;
}

/** How instances are built: the bus their tools answer on (none for the CLI and the MCP server). */
export interface InstantiateOptions {
  bus?: Bus | null;
  /** The persona's brain, for toolboxes that ask it (OVOS tools). */
  brain?: ChatEngine | null;
  /**
   * Which programs (MCP stdio servers, any class's `programs(config)`) may start: approved fingerprints, or 'all'
   * (`--yes`). Default: none. A toolbox with a program not allowed is not built: an AwaitingApprovalToolBox stands in.
   */
  programs?: ProgramPolicy;
}

/** How long the CLI and the MCP server wait for the first discovery of every toolbox (slow servers join later). */
export const DISCOVERY_WAIT_MS = 15_000;

/** A toolbox factory threw; `reason` is what it threw. */
export class ToolboxCreateError extends StudioError {
  constructor(
    readonly toolboxId: string,
    readonly reason: Error,
  ) {
    super(
      'persona_invalid',
      `Toolbox '${toolboxId}' could not be created: ${reason.message}`,
      { id: toolboxId },
      { cause: reason },
    );
  }
}

/**
 * The one place where a toolbox plugin becomes an instance, for the app, the CLI and the MCP server alike:
 * constructing a toolbox starts its discovery (an MCP stdio server's command, a UTCP manual's requests), so
 * whatever must be checked before a toolbox may start belongs here: a program the user has not approved never
 * starts (an AwaitingApprovalToolBox stands in). All or nothing: when one factory throws,
 * those already built are closed and a ToolboxCreateError names it. Every id must have a plugin (see toolboxFor).
 */
export async function instantiateToolboxes(
  plugins: Record<string, ToolboxDescriptor>,
  specs: ToolboxSpec[],
  options: InstantiateOptions = {},
): Promise<ToolBox[]> {
  const built: ToolBox[] = [];
  for (const { id, config } of specs) {
    const descriptor = toolboxFor(plugins, id);
    try {
      if (!descriptor) throw new Error(`no toolbox plugin '${id}'`);
      const pending = unapprovedPrograms(plugins, id, config, options.programs ?? new Set());
      if (pending.length) {
        const infos = pending.map((p) => programInfo(p, new Set()));
        built.push(new AwaitingApprovalToolBox(id, config, infos, descriptor));
        continue;
      }
      built.push(descriptor.create({ toolboxId: id, config, bus: options.bus ?? null, brain: options.brain ?? null }));
    } catch (error) {
      await closeToolboxes(built);
      throw new ToolboxCreateError(id, error instanceof Error ? error : new Error(String(error)));
    }
  }
  return built;
}

type Block = Record<string, unknown>;
const asBlock = (value: unknown): Block =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Block) : {};

/**
 * A persona's toolboxes as OVOS reads them: the ids in its engine block's `toolboxes` (each once), each config
 * from the engine block, else the persona's top level.
 */
export function personaToolboxSpecs(persona: Block, engineId: string): ToolboxSpec[] {
  const block = asBlock(persona[engineId]);
  const ids = Array.isArray(block.toolboxes)
    ? block.toolboxes.filter((id): id is string => typeof id === 'string')
    : [];
  return [...new Set(ids)].map((id) => ({ id, config: asBlock(block[id] ?? persona[id]) }));
}

/**
 * Builds a persona's toolboxes (personaToolboxSpecs, then instantiateToolboxes), in the persona's order. An id no
 * installed plugin provides gets a MissingToolBox: the persona runs without it, as OVOS runs it.
 */
export async function instantiatePersonaToolboxes(
  persona: Block,
  engineId: string,
  plugins: Record<string, ToolboxDescriptor>,
  options: InstantiateOptions = {},
): Promise<ToolBox[]> {
  const specs = personaToolboxSpecs(persona, engineId);
  const known = specs.filter((spec) => toolboxFor(plugins, spec.id));
  const built = new Map((await instantiateToolboxes(plugins, known, options)).map((tb) => [tb.toolboxId, tb]));
  const installed = Object.keys(plugins);
  return specs.map((spec) => built.get(spec.id) ?? new MissingToolBox(spec.id, spec.config, installed));
}

/** Waits for the first discovery of every toolbox, at most `ms`, so a dead server cannot hang a command. */
export async function waitForDiscovery(toolboxes: ToolBox[], ms = DISCOVERY_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(toolboxes.map((t) => t.ready)),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}

/** Closes toolboxes (connections, processes); a failing close does not stop the others. */
export async function closeToolboxes(toolboxes: ToolBox[]): Promise<void> {
  await Promise.allSettled(toolboxes.map((t) => t.close()));
}
