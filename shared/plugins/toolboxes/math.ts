import { z } from 'zod';

/** Config block of `ovos-math-tools`: none. */
export const MathToolsConfig = z.object({}).strict();
export type MathToolsConfig = z.infer<typeof MathToolsConfig>;
