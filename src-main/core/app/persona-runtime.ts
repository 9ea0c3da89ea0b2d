import type { PersonaFile } from '../../../shared/domain/persona';
import { BRAINS } from '../brains';
import type { ChatEngine } from '../brains/chat-engine';
import type { Bus } from '../bus/bus';
import { DEFAULT_MAX_ITERATIONS, DEFAULT_TOOL_TIMEOUT_S } from '../engines/loop-context';
import { ENGINE_CLASSES } from '../engines/engines';
import { StudioError } from '../errors';
import { ToolRegistry, type ToolBox, type ToolBoxClass } from '../toolbox';
import type { ProgramPolicy } from '../approvals/awaiting-approval';
import { closeToolboxes, instantiatePersonaToolboxes } from './instantiate-toolboxes';

/** A persona made runnable: its engine id and limits, its brain, its toolboxes. */
export interface PersonaRuntime {
  engineId: string;
  brainId: string | null;
  model: string | null;
  maxIterations: number;
  toolTimeoutMs: number;
  systemPrompt: string | null;
  brain: ChatEngine | null;
  registry: ToolRegistry;
  toolboxes: ToolBox[];
  /** Closes the toolboxes (connections, processes). */
  close(): Promise<void>;
}

/** A brain factory, as the brains registry provides them. */
export interface BrainFactory {
  create(config: Record<string, unknown>): ChatEngine;
}

export interface BuildRuntimeOptions {
  toolboxClasses: Record<string, ToolBoxClass>;
  bus?: Bus | null;
  /** Defaults to the app's brains. */
  brains?: Record<string, BrainFactory>;
  /** Which programs (MCP stdio servers) may start; a toolbox with others awaits approval. Default: none. */
  programs?: ProgramPolicy;
}

type Block = Record<string, unknown>;

const asBlock = (value: unknown): Block =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Block) : {};
const available = (ids: string[]) => (ids.length ? ids.map((id) => `'${id}'`).join(', ') : 'none');

/**
 * Loads a persona in the OVOS format into a runnable engine: `handlers` (or legacy `solvers`) -> the first
 * engine id -> its block -> `brain` id -> the brain's block (nested in the engine block, else top level);
 * `toolboxes` ids -> instances with their blocks. An id this app does not know -> `persona_invalid` naming it.
 */
export async function buildPersonaRuntime(persona: PersonaFile, options: BuildRuntimeOptions): Promise<PersonaRuntime> {
  const brains = options.brains ?? (BRAINS as Record<string, BrainFactory>);
  const handlers = persona.handlers?.length ? persona.handlers : (persona.solvers ?? []);
  if (!handlers.length) throw new StudioError('persona_invalid', 'personas must have at least 1 utterance handler');
  const engineId = handlers[0];
  if (!ENGINE_CLASSES[engineId]) {
    throw new StudioError(
      'persona_invalid',
      `Unknown engine '${engineId}' in handlers. Available engines: ${available(Object.keys(ENGINE_CLASSES))}.`,
      { id: engineId },
    );
  }
  const top = persona as Block;
  const block = asBlock(top[engineId]);

  const brainId = typeof block.brain === 'string' && block.brain ? block.brain : null;
  let brain: ChatEngine | null = null;
  let brainConfig: Block = {};
  if (brainId) {
    const factory = brains[brainId];
    if (!factory) {
      throw new StudioError(
        'persona_invalid',
        `Unknown brain '${brainId}' in '${engineId}'. Available brains: ${available(Object.keys(brains))}.`,
        { id: brainId },
      );
    }
    brainConfig = asBlock(block[brainId] ?? top[brainId]);
    try {
      brain = factory.create(brainConfig);
    } catch (error) {
      if (error instanceof StudioError) throw error;
      throw new StudioError(
        'persona_invalid',
        `Brain '${brainId}' could not be created: ${error instanceof Error ? error.message : String(error)}`,
        { id: brainId },
        { cause: error },
      );
    }
  }

  const toolboxes = await instantiatePersonaToolboxes(top, engineId, options.toolboxClasses, {
    bus: options.bus,
    programs: options.programs,
  });

  const maxIterations =
    typeof block.max_iterations === 'number' && block.max_iterations >= 1
      ? Math.floor(block.max_iterations)
      : DEFAULT_MAX_ITERATIONS;
  const timeoutS =
    typeof block.tool_timeout_s === 'number' && block.tool_timeout_s > 0
      ? block.tool_timeout_s
      : DEFAULT_TOOL_TIMEOUT_S;
  return {
    engineId,
    brainId,
    model: brain?.model ?? (typeof brainConfig.model === 'string' ? brainConfig.model : null),
    maxIterations,
    toolTimeoutMs: Math.round(timeoutS * 1000),
    systemPrompt: typeof block.system_prompt === 'string' && block.system_prompt.trim() ? block.system_prompt : null,
    brain,
    registry: new ToolRegistry(toolboxes),
    toolboxes,
    close: () => closeToolboxes(toolboxes),
  };
}
