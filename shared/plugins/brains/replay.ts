import { z } from 'zod';

/** Config block of the `replay` brain. `events` (trace events in memory) is for tests and embedders. */
export const ReplayBrainConfig = z
  .looseObject({
    session_file: z
      .string()
      .min(1)
      .optional()
      .meta({ title: 'Session file', description: 'A session JSONL file (sessions/<id>.jsonl).' }),
    events: z.array(z.unknown()).optional().meta({ description: 'Recorded trace events, in memory.' }),
  })
  .refine((c) => c.events !== undefined || c.session_file !== undefined, {
    message: 'The replay brain needs "session_file" (a recorded session JSONL file).',
    path: ['session_file'],
  });
export type ReplayBrainConfig = z.infer<typeof ReplayBrainConfig>;
