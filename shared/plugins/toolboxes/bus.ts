import { z } from 'zod';
import { DEFAULT_BUS_URL } from '../../bus/message';
import { timeoutSeconds } from './timeout';

/** Config block of `ovos-bus-toolbox`: which bus to ask, and how long to wait. */
export const BusToolBoxConfig = z
  .object({
    url: z
      .string()
      .optional()
      .meta({
        title: 'Bus URL',
        description: `The OVOS messagebus; default ${DEFAULT_BUS_URL} (or the bus the app gives the persona).`,
        examples: [DEFAULT_BUS_URL],
      }),
    discover_timeout_ms: z.number().int().positive().max(60_000).default(500).meta({
      title: 'Discovery window (ms)',
      description: 'How long answers to ovos.persona.tools.discover are collected.',
    }),
    call_timeout_s: timeoutSeconds('Call timeout (s)', 'How long a call waits for its .response.'),
    exclude_toolbox_ids: z
      .array(z.string())
      .default([])
      .meta({ title: 'Exclude toolboxes', description: 'Remote toolbox ids not to list.' }),
  })
  .meta({ title: 'OVOS bus tools' });
export type BusToolBoxConfig = z.infer<typeof BusToolBoxConfig>;
