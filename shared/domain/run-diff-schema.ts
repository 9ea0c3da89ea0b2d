/** The shape of a run diff (RunDiff), as the API and `persona-studio diff --json` give it. */
import { z } from 'zod';

/** A piece of a text or JSON diff: in both, only in A (`removed`), or only in B (`added`). */
export const DiffPart = z.object({
  value: z.string(),
  added: z.boolean().optional(),
  removed: z.boolean().optional(),
});
export type DiffPart = z.infer<typeof DiffPart>;

/** Either side's value of a number that may differ. */
export const Pair = z.tuple([z.number().nullable(), z.number().nullable()]);

/** One tool call of one side: what it was asked, and what came back (a result, or an error's code and message). */
export const ToolSide = z.object({
  toolCallId: z.string(),
  arguments: z.unknown(),
  outcome: z.unknown(),
  ok: z.boolean(),
});

/** A tool call in both runs (`same`, `changed`), or only in A (`removed`) or B (`added`). */
export const ToolDiff = z.object({
  name: z.string(),
  status: z.enum(['same', 'changed', 'added', 'removed']),
  a: ToolSide.nullable(),
  b: ToolSide.nullable(),
  argumentsChanged: z.boolean(),
  outcomeChanged: z.boolean(),
  /** JSON diffs (line parts) of the arguments and of the outcome, when they differ. */
  argumentsDiff: z.array(DiffPart),
  outcomeDiff: z.array(DiffPart),
});
export type ToolDiff = z.infer<typeof ToolDiff>;

/** One iteration of a turn, aligned by its number: the assistant's text on each side and the tool calls. */
export const IterationDiff = z.object({
  iteration: z.number().int(),
  textA: z.string().nullable(),
  textB: z.string().nullable(),
  textChanged: z.boolean(),
  tools: z.array(ToolDiff),
});
export type IterationDiff = z.infer<typeof IterationDiff>;

/** How a run ended: its answer, or failed / cancelled (with the error's code), or not ended. */
export const Ending = z.object({ status: z.enum(['finished', 'failed', 'cancelled', 'open']), text: z.string() });

/** One turn (a run: user message -> answer) of both sessions, aligned by position. */
export const TurnDiff = z.object({
  turn: z.number().int(),
  status: z.enum(['same', 'changed', 'added', 'removed']),
  userA: z.string().nullable(),
  userB: z.string().nullable(),
  userChanged: z.boolean(),
  iterations: z.array(IterationDiff),
  endA: Ending.nullable(),
  endB: Ending.nullable(),
  answerChanged: z.boolean(),
  answerDiff: z.array(DiffPart),
  iterationCount: Pair,
  durationMs: Pair,
  tokens: Pair,
});
export type TurnDiff = z.infer<typeof TurnDiff>;

/** A session's totals beside the diff. */
export const Side = z.object({
  sessionId: z.string(),
  turns: z.number().int(),
  iterations: z.number().int(),
  durationMs: z.number(),
  tokens: z.number().int().nullable(),
});

/** Two runs compared: `equal` when nothing but ids, times (and so durations) and token counts differ. */
export const RunDiff = z.object({
  equal: z.boolean(),
  a: Side,
  b: Side,
  turns: z.array(TurnDiff),
});
export type RunDiff = z.infer<typeof RunDiff>;
