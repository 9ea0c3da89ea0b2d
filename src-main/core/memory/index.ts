import { configIssues } from '../../../shared/plugins/config-schema';
import {
  AGENTS_MD_MEMORY_ID,
  AgentsMdContextConfig,
  SHORT_TERM_MEMORY_ID,
  ShortTermMemoryConfig,
} from '../../../shared/plugins/memory';
import { StudioError } from '../errors';
import { agentsMdMemory } from './agents-md';
import { noMemory, type MemoryModule } from './memory-module';
import { shortTermMemory } from './short-term-memory';
import { issuesText } from '../../../shared/domain/issues';

export type { MemoryContextResult, MemoryModule } from './memory-module';

const MODULES = {
  [SHORT_TERM_MEMORY_ID]: { config: ShortTermMemoryConfig, create: shortTermMemory },
  [AGENTS_MD_MEMORY_ID]: { config: AgentsMdContextConfig, create: agentsMdMemory },
} as const;

/**
 * A persona's memory as ovos-persona loads it: `memory_module` (absent: the short-term memory; null: none), its
 * config the persona's top-level block under that id. A module this app does not have is OVOS's "not available":
 * no memory, with the warning shown in the trace. A block its schema refuses is `persona_invalid`.
 */
export function memoryFor(persona: Record<string, unknown>): MemoryModule {
  const id = persona.memory_module === undefined ? SHORT_TERM_MEMORY_ID : persona.memory_module;
  if (id === null || id === '') return noMemory();
  if (typeof id !== 'string' || !(id in MODULES))
    return noMemory(`memory plugin '${String(id)}' not available; short-term memory disabled`);
  const module = MODULES[id as keyof typeof MODULES];
  const block = persona[id] ?? {};
  const parsed = module.config.safeParse(block);
  if (!parsed.success) {
    const issues = configIssues(module.config, block).map((i) => ({ ...i, path: [id, ...i.path] }));
    throw new StudioError('persona_invalid', `The ${id} block is invalid: ${issuesText(issues)}`, { issues });
  }
  return (module.create as (c: unknown) => MemoryModule)(parsed.data);
}
