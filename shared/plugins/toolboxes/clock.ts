import { z } from 'zod';

/** Config block of `ovos-clock-tools`. */
export const ClockToolsConfig = z
  .object({
    timezone: z.string().default('UTC').meta({
      title: 'Default time zone',
      description: "IANA name used when a call gives none, e.g. 'Europe/Lisbon'.",
    }),
  })
  .strict();
export type ClockToolsConfig = z.infer<typeof ClockToolsConfig>;
