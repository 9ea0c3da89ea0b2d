import { z } from 'zod';

/** The OVOS bus message on the wire: exactly `{"type","data","context"}`; missing data/context -> {}. */
export const BusMessageWire = z.object({
  type: z.string().min(1),
  data: z.record(z.string(), z.unknown()).default({}),
  context: z.record(z.string(), z.unknown()).default({}),
});
export type BusMessageWire = z.infer<typeof BusMessageWire>;

/** Default OVOS messagebus address. */
export const DEFAULT_BUS_URL = 'ws://127.0.0.1:8181/core';
