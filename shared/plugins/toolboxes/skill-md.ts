import { z } from 'zod';

/** Config block of `ovos-skill-md-toolbox`: OVOS's `extra_skill_md_paths`. */
export const SkillMdToolboxConfig = z
  .object({
    extra_skill_md_paths: z.array(z.string().trim().min(1)).max(500).default([]).meta({
      title: 'SKILL.md files',
      description:
        "Paths of SKILL.md files (or folders holding SKILL.md, or one level of sub-folders with one). Each file with a name and a description in its front matter becomes one tool, run by the persona's brain with the file's body as instructions.",
    }),
  })
  .strict();
export type SkillMdToolboxConfig = z.infer<typeof SkillMdToolboxConfig>;
