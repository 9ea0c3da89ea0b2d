import { z } from 'zod';
import { ToolCall } from './message';

/**
 * A step of a recorded session to fork at: a run's user message, one of its assistant turns (by seq), or one of
 * its TOOL cards (by tool call id).
 */
export const ForkPoint = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), runId: z.string().min(1) }),
  z.object({ kind: z.literal('assistant'), runId: z.string().min(1), seq: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('tool'), runId: z.string().min(1), toolCallId: z.string().min(1) }),
]);
export type ForkPoint = z.infer<typeof ForkPoint>;

/** What the forked step becomes: the user's text; the assistant's text and tool calls; the tool's result. */
export const ForkEdit = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), content: z.string().min(1).max(1_000_000) }),
  z.object({
    kind: z.literal('assistant'),
    content: z.string().max(1_000_000),
    toolCalls: z.array(ToolCall).max(64),
  }),
  z.object({ kind: z.literal('tool'), result: z.record(z.string(), z.unknown()) }),
]);
export type ForkEdit = z.infer<typeof ForkEdit>;

/** How a re-run answers tool calls: run them, or answer from the recording when name and arguments match. */
export const RerunTools = z.enum(['live', 'recorded']);
export type RerunTools = z.infer<typeof RerunTools>;
/** A recorded-tools call with no match: run it live, or fail it as "no recorded result". */
export const RerunOnMiss = z.enum(['live', 'fail']);
export type RerunOnMiss = z.infer<typeof RerunOnMiss>;

/**
 * What a re-run runs against: another persona (by id), and/or the persona's brain, model or loop engine changed.
 * Absent fields keep the source's. `version`: a kept version of the persona (its content as saved then).
 */
export const RerunTarget = z.object({
  personaId: z.string().min(1).optional(),
  version: z
    .string()
    .regex(/^[0-9a-f]{16}$/, 'A persona version is 16 hex digits.')
    .optional(),
  model: z.string().min(1).max(200).optional(),
  brain: z.string().min(1).max(200).optional(),
  engine: z.string().min(1).max(200).optional(),
  tools: RerunTools.default('live'),
  onMiss: RerunOnMiss.default('live'),
});
export type RerunTarget = z.infer<typeof RerunTarget>;

/**
 * Where a session came from, kept beside its file (`sessions/<id>.meta.json`): a fork of another session at a
 * step, or a re-run of one. The session picker draws the tree from it; the header links back.
 */
export const SessionOrigin = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('fork'),
    /** The parent session; '' when the fork came from a trace that is not a stored session (`from` names it). */
    sessionId: z.string(),
    from: z.string().optional(),
    point: ForkPoint,
    /** The step in words, for the header link ("TOOL evaluate_expression, turn 1"). */
    label: z.string(),
  }),
  z.object({
    kind: z.literal('rerun'),
    sessionId: z.string(),
    target: RerunTarget,
  }),
]);
export type SessionOrigin = z.infer<typeof SessionOrigin>;

/** A session's metadata file: where it came from (more keys, e.g. the persona version, can join later). */
export const SessionMeta = z.looseObject({
  origin: SessionOrigin.optional(),
});
export type SessionMeta = z.infer<typeof SessionMeta>;
