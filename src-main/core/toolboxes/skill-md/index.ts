import { z } from 'zod';
import type { AgentMessage } from '../../../../shared/domain/message';
import { SkillMdToolboxConfig } from '../../../../shared/plugins/toolboxes/skill-md';
import type { ChatEngine } from '../../brains/chat-engine';
import { defineTool, ToolArguments, ToolOutput, type AgentTool } from '../../toolbox';
import { ToolBox, type ToolBoxOptions } from '../../toolbox';
import { defineToolbox } from '../toolbox-descriptor';
import { loadSkillMdFiles, skillToolName, type SkillMdEntry } from './skill-md-file';

/** OVOS's error when a skill is called with no brain, and where ours comes from. */
export const NO_BRAIN_MESSAGE =
  "SkillMDToolBox: brain ChatEngine is not configured. Use ovos-skill-md-toolbox in a persona that has a brain: the persona's brain runs each skill.";

export const SkillCallArgs = ToolArguments.extend({
  task: z.string().describe('What you want the skill to do.'),
  context: z.string().nullable().optional().describe('Additional context or constraints for the skill.'),
});
export const SkillCallOutput = ToolOutput.extend({
  result: z.string().describe("The skill's natural-language response."),
  skill_used: z.string().describe('Name of the skill that produced the result.'),
});

/** The sub-call's conversation: the SKILL.md body as the system prompt, the task (and context) as the user's. */
export function skillMessages(entry: SkillMdEntry, task: string, context?: string | null): AgentMessage[] {
  return [
    { role: 'system', content: entry.body },
    { role: 'user', content: context ? `${task}\n\nContext: ${context}` : task },
  ];
}

/**
 * OVOS's `ovos-skill-md-toolbox`: each SKILL.md (from `extra_skill_md_paths`) is one tool named after its front
 * matter `name`, described by its `description`, and run by a sub-call to the persona's brain (no tools offered)
 * with the file's body as instructions.
 */
export class SkillMdToolBox extends ToolBox {
  static readonly defaultId = 'ovos-skill-md-toolbox';
  private readonly brain: ChatEngine | null;

  constructor(options: ToolBoxOptions & { brain?: ChatEngine | null } = {}) {
    super(options);
    this.brain = options.brain ?? null;
  }

  async discoverTools(): Promise<AgentTool[]> {
    const config = SkillMdToolboxConfig.parse(this.config);
    const entries = await loadSkillMdFiles(config.extra_skill_md_paths);
    return entries.map((entry) =>
      defineTool({
        name: skillToolName(entry.name),
        description: entry.description,
        argumentSchema: SkillCallArgs,
        outputSchema: SkillCallOutput,
        toolCall: async ({ task, context }, ctx) => {
          if (!this.brain) throw new Error(NO_BRAIN_MESSAGE);
          const reply = await this.brain.continueChat(skillMessages(entry, task, context), { signal: ctx.signal });
          return { result: reply.content, skill_used: entry.name };
        },
      }),
    );
  }
}

/** The `ovos-skill-md-toolbox` plugin. */
export const skillMdToolbox = defineToolbox({
  id: SkillMdToolBox.defaultId,
  title: 'SKILL.md skills',
  description:
    "Each SKILL.md file you list becomes a tool; calling it asks the persona's brain with the file's instructions.",
  config: SkillMdToolboxConfig,
  source: 'builtin',
  create: (options) => new SkillMdToolBox(options),
});
