import { z } from 'zod';
import { approvalFor } from '../../../shared/domain/approval';
import { disabledToolsOf } from '../../../shared/domain/tool-switches';
import type { ApprovalMode, PersonaFile } from '../../../shared/domain/persona';
import { configIssues } from '../../../shared/plugins/config-schema';
import { LOOP_DEFAULTS, LOOP_KEYS, LoopEngineConfig } from '../../../shared/plugins/engines/loop-config';
import { BUILTIN_BRAINS, createBrainFrom, type BrainDescriptor } from '../brains';
import type { ChatEngine } from '../brains/chat-engine';
import type { Bus } from '../bus/bus';
import type { EngineDescriptor } from '../engines/engine-descriptor';
import { findDescriptor } from '../plugins/descriptor';
import { BUILTIN_ENGINES } from '../engines/engines';
import { StudioError } from '../errors';
import { memoryFor, type MemoryModule } from '../memory';
import { ToolRegistry, type ToolBox } from '../toolbox';
import type { ToolboxDescriptor } from '../toolboxes/toolbox-descriptor';
import { closeToolboxes, instantiatePersonaToolboxes } from './instantiate-toolboxes';
import type { ProgramPolicy } from '../approvals/awaiting-approval';
import { issuesText } from '../../../shared/domain/issues';

/** A persona made runnable: its engine (descriptor, parsed block and limits), its brain, its toolboxes. */
export interface PersonaRuntime {
  engineId: string;
  engine: EngineDescriptor;
  /** The engine block parsed with the engine's config schema (defaults applied). */
  engineConfig: Record<string, unknown>;
  brainId: string | null;
  model: string | null;
  maxIterations: number;
  toolTimeoutMs: number;
  /** The engine block's max_tool_result_chars (the engine's default when absent). */
  maxToolResultChars?: number;
  systemPrompt: string | null;
  brain: ChatEngine | null;
  /**
   * Why the persona's brain could not be made (not installed here, or its config is invalid): the toolboxes still
   * work (Tools pane, MCP server), and a run fails with this error at its start.
   */
  brainError?: StudioError | null;
  registry: ToolRegistry;
  toolboxes: ToolBox[];
  /** The persona's `memory_module`: builds each request's conversation from the session and the new message. */
  memory: MemoryModule;
  /**
   * A tool's approval (the toolbox's own name for it): the persona's persona_studio block, else `ask` for
   * toolboxes that run programs. Absent: every tool is `auto`.
   */
  approval?: (toolboxId: string, tool: string) => ApprovalMode;
  /** Closes the toolboxes (connections, processes). */
  close(): Promise<void>;
}

export interface BuildRuntimeOptions {
  /** The installed toolboxes by plugin id (a catalog's `toolboxes`). */
  toolboxes: Record<string, ToolboxDescriptor>;
  bus?: Bus | null;
  /** Defaults to the app's engines. */
  engines?: EngineDescriptor[];
  /** Defaults to the app's brains. */
  brains?: BrainDescriptor[];
  /** Which programs (MCP stdio servers) may start; a toolbox with others awaits approval. Default: none. */
  programs?: ProgramPolicy;
}

type Block = Record<string, unknown>;

const asBlock = (value: unknown): Block =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Block) : {};
/**
 * The loop's keys of an engine block its schema has parsed: the ones the schema names (checked, defaults filled
 * in), the loop's defaults for those it leaves out (the engine does not read them; a file's value there is kept
 * in the block but not checked). An engine whose schema is not an object gets the block read as a loop's.
 */
function loopKeysOf(config: z.ZodType, block: Block): LoopEngineConfig {
  if (!(config instanceof z.ZodObject)) return LoopEngineConfig.safeParse(block).data ?? LOOP_DEFAULTS;
  const named = LOOP_KEYS.filter((k) => k in config.shape && block[k] !== undefined);
  return { ...LOOP_DEFAULTS, ...Object.fromEntries(named.map((k) => [k, block[k]])) } as LoopEngineConfig;
}

const available = (ids: string[]) => (ids.length ? ids.map((id) => `'${id}'`).join(', ') : 'none');

/**
 * Loads a persona in the OVOS format into a runnable engine: `handlers` (or legacy `solvers`) -> the first
 * engine id -> its block, parsed with the engine's config schema -> `brain` id -> the brain's block (nested in the
 * engine block, else top level), parsed with the brain's; `toolboxes` ids -> instances with their blocks.
 * An id this app does not know, or a block its schema refuses -> `persona_invalid` naming it.
 */
export async function buildPersonaRuntime(persona: PersonaFile, options: BuildRuntimeOptions): Promise<PersonaRuntime> {
  const engines = options.engines ?? BUILTIN_ENGINES;
  const brains = options.brains ?? BUILTIN_BRAINS;
  const handlers = persona.handlers?.length ? persona.handlers : (persona.solvers ?? []);
  if (!handlers.length) throw new StudioError('persona_invalid', 'personas must have at least 1 utterance handler');
  const engineId = handlers[0];
  const engine = findDescriptor(engines, engineId);
  if (!engine) {
    throw new StudioError(
      'persona_invalid',
      `Unknown engine '${engineId}' in handlers. Available engines: ${available(engines.map((e) => e.id))}.`,
      { id: engineId },
    );
  }
  const top = persona as Block;
  const parsedBlock = engine.config.safeParse(asBlock(top[engineId]));
  if (!parsedBlock.success) {
    const issues = configIssues(engine.config, top[engineId]).map((i) => ({ ...i, path: [engineId, ...i.path] }));
    const text = issuesText(issues);
    throw new StudioError('persona_invalid', `The ${engineId} block is invalid: ${text}`, { issues });
  }
  const block = parsedBlock.data as Block;
  const loop = loopKeysOf(engine.config, block);

  const brainId = loop.brain || null;
  const brainConfig: Block = brainId ? asBlock(block[brainId] ?? top[brainId]) : {};
  const { brain, brainError } = brainOf(brainId, brainConfig, brains, engineId);

  const memory = memoryFor(top);

  const toolboxes = await instantiatePersonaToolboxes(top, engineId, options.toolboxes, {
    bus: options.bus,
    programs: options.programs,
    brain,
  });

  return {
    engineId,
    engine,
    engineConfig: block,
    brainId,
    model: brain?.model ?? (typeof brainConfig.model === 'string' ? brainConfig.model : null),
    maxIterations: loop.max_iterations,
    toolTimeoutMs: Math.round(loop.tool_timeout_s * 1000),
    maxToolResultChars: loop.max_tool_result_chars,
    systemPrompt: loop.system_prompt?.trim() ? loop.system_prompt : null,
    brain,
    brainError,
    registry: new ToolRegistry(toolboxes, { disabled: disabledToolsOf(persona) }),
    toolboxes,
    memory,
    approval: (toolboxId, tool) =>
      approvalFor(persona, toolboxId, tool, toolboxes.find((t) => t.toolboxId === toolboxId)?.config ?? {}),
    close: () => closeToolboxes(toolboxes),
  };
}

/** The persona's brain: none when it names none; an unknown id or a config its plugin refuses is a brainError. */
function brainOf(
  brainId: string | null,
  config: Block,
  brains: BrainDescriptor[],
  engineId: string,
): { brain: ChatEngine | null; brainError: StudioError | null } {
  if (!brainId) return { brain: null, brainError: null };
  const descriptor = brains.find((b) => b.id === brainId);
  if (!descriptor)
    return {
      brain: null,
      brainError: new StudioError(
        'persona_invalid',
        `Unknown brain '${brainId}' in '${engineId}'. Available brains: ${available(brains.map((b) => b.id))}.`,
        { id: brainId },
      ),
    };
  try {
    return { brain: createBrainFrom(descriptor, config), brainError: null };
  } catch (error) {
    if (error instanceof StudioError) return { brain: null, brainError: error };
    return {
      brain: null,
      brainError: new StudioError(
        'persona_invalid',
        `Brain '${brainId}' could not be created: ${error instanceof Error ? error.message : String(error)}`,
        { id: brainId },
        { cause: error },
      ),
    };
  }
}
