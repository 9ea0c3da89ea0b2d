import { z } from 'zod';

/** Config block of `ovos-shell-tools`: OVOS's `allow_shell`, `max_timeout`, `allowed_commands`, plus an output bound. */
export const ShellToolsConfig = z
  .object({
    allow_shell: z.boolean().default(false).meta({
      title: 'Allow running commands',
      description:
        'Off (the default): run_command answers "Shell execution is disabled (allow_shell=False)." and runs nothing.',
    }),
    max_timeout: z.number().int().positive().max(86_400).default(120).meta({
      title: 'Longest run (seconds)',
      description:
        'Caps the timeout a call asks for; at the limit the command and every process it started are killed.',
    }),
    allowed_commands: z.array(z.string().min(1)).default([]).meta({
      title: 'Allowed command prefixes',
      description: 'When not empty, only commands starting with one of these run; empty allows every command.',
    }),
    max_output_bytes: z.number().int().positive().max(10_000_000).default(100_000).meta({
      title: 'Most output kept (bytes)',
      description: 'Per stream (stdout, stderr); the rest is dropped and the output says so.',
    }),
  })
  .strict();
export type ShellToolsConfig = z.infer<typeof ShellToolsConfig>;
