import { z } from 'zod';

/** Config block of `ovos-filesystem-tools`: OVOS's `root_path` and `allow_write`, plus this app's size limits. */
export const FilesystemToolsConfig = z
  .object({
    root_path: z.string().trim().min(1).optional().meta({
      title: 'Root folder',
      description:
        'The only folder the tools may read and write (and what relative paths start from). Until it is set, every tool answers an error saying to set it.',
    }),
    allow_write: z.boolean().default(true).meta({
      title: 'Allow writing files',
      description: 'Off: write_file answers "Write access is disabled (allow_write=False)." and writes nothing.',
    }),
    max_read_bytes: z
      .number()
      .int()
      .positive()
      .max(50_000_000)
      .default(1_000_000)
      .meta({ title: 'Largest file read (bytes)', description: 'read_file refuses bigger files; search skips them.' }),
    max_results: z.number().int().positive().max(100_000).default(1000).meta({
      title: 'Most results',
      description: 'Cap on entries, found files and search matches per call (the output says when it was cut).',
    }),
  })
  .strict();
export type FilesystemToolsConfig = z.infer<typeof FilesystemToolsConfig>;
