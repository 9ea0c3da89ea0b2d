import { z } from 'zod';

/** OVOS's default memory (`BasicShortTermMemory` of ovos-persona): used when a persona names none. */
export const SHORT_TERM_MEMORY_ID = 'ovos-agents-short-term-memory-plugin';
/** ovos-agentic-loop's AGENTS.md context plugin (`opm.agents.memory`). */
export const AGENTS_MD_MEMORY_ID = 'ovos-agents-md-context-plugin';
/** The memory modules this app runs, in the editor's order. */
export const MEMORY_MODULE_IDS = [SHORT_TERM_MEMORY_ID, AGENTS_MD_MEMORY_ID] as const;

/** Text a memory module adds to the system prompt: none by default, at most 100,000 characters. */
function promptText(title: string, description: string) {
  return z.string().max(100_000).default('').meta({ title, description });
}

/** Config block of `ovos-agents-short-term-memory-plugin` (the persona's top-level block under that id). */
export const ShortTermMemoryConfig = z.looseObject({
  max_history: z.number().int().nonnegative().max(10_000).default(5).meta({
    title: 'Messages kept',
    description: 'How many earlier messages (yours and the answers) go with each request; OVOS keeps 5.',
  }),
  system_prompt: promptText(
    'Memory system prompt',
    "Sent as a system message before the history (besides the engine's own system prompt).",
  ),
});
export type ShortTermMemoryConfig = z.infer<typeof ShortTermMemoryConfig>;

/** Config block of `ovos-agents-md-context-plugin`. */
export const AgentsMdContextConfig = z.looseObject({
  agents_md_sources: z.array(z.string().min(1)).max(100).default(['auto']).meta({
    title: 'AGENTS.md files',
    description:
      "Paths of AGENTS.md files (or folders holding one). OVOS's 'auto' scans installed Python packages; this app has none, so 'auto' adds nothing here.",
  }),
  include_sections: z.array(z.string()).max(200).default([]).meta({
    title: 'Sections',
    description: 'Headings to include (case-insensitive substring match); empty includes every section.',
  }),
  system_prompt_prefix: promptText('Prefix', 'Text placed before the AGENTS.md sections in the system prompt.'),
});
export type AgentsMdContextConfig = z.infer<typeof AgentsMdContextConfig>;
