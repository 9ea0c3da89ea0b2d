import { z } from 'zod';
import { JsonSchema } from './tool';
import { TraceEvent } from './trace';

/** The largest bundle file read: a long session with raw provider exchanges fits with room to spare. */
export const MAX_BUNDLE_BYTES = 50 * 1024 * 1024;
/** A bundle's text through the API, at most (the window's WebSocket takes 16 MB per message). */
export const MAX_BUNDLE_TEXT_OVER_API = 15 * 1024 * 1024;
/** Trace events in one bundle, at most. */
export const MAX_BUNDLE_EVENTS = 50_000;
/** JSON nesting a bundle may have (tool results and schemas nest; nothing legitimate comes near it). */
export const MAX_BUNDLE_DEPTH = 128;
export const BUNDLE_FORMAT = 'persona-studio.run-bundle';

/** A tool as the model was offered it during the run: its model name, the toolbox it came from, its schemas. */
export const BundleTool = z.object({
  name: z.string().min(1).max(200),
  toolboxId: z.string().max(300).nullable(),
  description: z.string().max(100_000),
  /** The arguments' JSON Schema as sent to the provider; null when the raw requests did not carry it (ReAct loops). */
  inputSchema: JsonSchema.nullable(),
});
export type BundleTool = z.infer<typeof BundleTool>;

/**
 * A run as one file: the persona as it ran (secrets removed), the tools as they were offered, and the session's
 * whole trace (raw provider exchanges and tool results included). Opening one runs nothing it names.
 */
export const RunBundle = z.strictObject({
  format: z.literal(BUNDLE_FORMAT),
  formatVersion: z.literal(1),
  exportedAt: z.number(),
  /** The app that wrote it. */
  app: z.object({ name: z.string().max(100), version: z.string().max(100) }),
  session: z.object({ id: z.string().max(200), title: z.string().max(1000) }),
  persona: z.object({
    id: z.string().max(200).nullable(),
    /** The persona version (content hash) the run ran with, when one was recorded. */
    version: z.string().max(64).nullable(),
    /** The OVOS persona file, secret fields left out. */
    file: z.record(z.string(), z.unknown()),
  }),
  tools: z.array(BundleTool).max(2000),
  events: z.array(TraceEvent).min(1).max(MAX_BUNDLE_EVENTS),
});
export type RunBundle = z.infer<typeof RunBundle>;
