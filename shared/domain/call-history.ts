import { z } from 'zod';
import { ErrorValue } from './errors';

/** Manual calls kept per tool (the oldest drop out). */
export const MAX_HISTORY_PER_TOOL = 50;
/** Manual calls kept per persona, all tools together. */
export const MAX_HISTORY_PER_SCOPE = 300;
/** Saved calls per persona. */
export const MAX_SAVED_CALLS = 200;
/** Length of a saved call's name. */
export const MAX_CALL_LABEL = 100;
/** A result longer than this (as JSON) is not kept in the history; its size is. */
export const MAX_KEPT_RESULT_CHARS = 16_000;
/** Arguments longer than this (as JSON) are not kept in the history; their size is. */
export const MAX_KEPT_ARGS_CHARS = 16_000;

/** How a manual call ended: its result, or its error. `omittedChars`: the result was too big to keep. */
export const CallOutcome = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    result: z.unknown(),
    durationMs: z.number(),
    omittedChars: z.number().int().optional(),
  }),
  z.object({ ok: z.literal(false), error: ErrorValue, durationMs: z.number() }),
]);
export type CallOutcome = z.infer<typeof CallOutcome>;

const CallTarget = {
  toolboxId: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  /** The arguments without their secret fields (those are listed in `masked`, never stored). */
  args: z.record(z.string(), z.unknown()),
  /** Paths (dotted) of secret arguments left out: to fill in again before running. */
  masked: z.array(z.string()).default([]),
  /** The arguments were too big to keep: the entry cannot be loaded or run again. */
  argsOmittedChars: z.number().int().optional(),
};

/** One manual call of a tool, as the data folder keeps it. */
export const CallHistoryEntry = z.object({ id: z.string(), at: z.number(), ...CallTarget, outcome: CallOutcome });
export type CallHistoryEntry = z.infer<typeof CallHistoryEntry>;

/** A call the user named and kept (re-run in one click); not dropped with the history. */
export const SavedCall = z.object({ id: z.string(), label: z.string(), savedAt: z.number(), ...CallTarget });
export type SavedCall = z.infer<typeof SavedCall>;

/** A persona's manual calls, newest first, and its saved calls, newest first. */
export const CallHistory = z.object({ entries: z.array(CallHistoryEntry), saved: z.array(SavedCall) });
export type CallHistory = z.infer<typeof CallHistory>;

/** A saved call's name: trimmed, not empty, at most MAX_CALL_LABEL characters. */
export const CallLabel = z
  .string()
  .trim()
  .min(1, 'Give the saved call a name.')
  .max(MAX_CALL_LABEL, `A saved call's name has at most ${MAX_CALL_LABEL} characters.`);
