import { z } from 'zod';

/** Config block of the `replay` brain. An `events` list (trace events in memory) may stand in for the file: tests, embedders. */
export const ReplayBrainConfig = z
  .looseObject({
    session_file: z
      .string()
      .min(1)
      .optional()
      .meta({ title: 'Session file', description: 'A session JSONL file (sessions/<id>.jsonl).' }),
  })
  .refine((c) => c.events !== undefined || c.session_file !== undefined, {
    message: 'The replay brain needs "session_file" (a recorded session JSONL file).',
    path: ['session_file'],
  });
export type ReplayBrainConfig = z.infer<typeof ReplayBrainConfig>;
