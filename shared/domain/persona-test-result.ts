import { z } from 'zod';
import { PersonaSuite, SuiteCase } from './persona-suite';
import { TraceEvent } from './trace';

/** A tool call an assertion points at: its user turn (from 1), loop iteration, trace seq, and how it ended. */
export const CallStep = z.object({
  turn: z.number().int(),
  iteration: z.number().int(),
  seq: z.number().int(),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  ok: z.boolean(),
  error: z.string().optional(),
});
export type CallStep = z.infer<typeof CallStep>;

/** One assertion's verdict: what it checked, why it failed, and the step it points at. */
export const AssertionVerdict = z.object({
  ok: z.boolean(),
  label: z.string(),
  message: z.string().optional(),
  step: CallStep.optional(),
});
export type AssertionVerdict = z.infer<typeof AssertionVerdict>;

/** One run of a case: its verdicts and its trace (one event list per user turn). */
export const CaseAttemptRecord = z.object({
  passed: z.boolean(),
  assertions: z.array(AssertionVerdict),
  durationMs: z.number(),
  events: z.array(z.array(TraceEvent)),
});
export type CaseAttemptRecord = z.infer<typeof CaseAttemptRecord>;

/** A case's result as the history lists it (no trace): when, how it went, and the assertions that failed. */
export const CaseResultSummary = z.object({
  resultId: z.string(),
  testRunId: z.string(),
  at: z.number(),
  suite: z.string(),
  name: z.string(),
  passed: z.boolean(),
  passedRuns: z.number().int(),
  runs: z.number().int(),
  threshold: z.number(),
  durationMs: z.number(),
  /** The failed assertions of the first failed run (empty when it passed). */
  failures: z.array(AssertionVerdict),
});
export type CaseResultSummary = z.infer<typeof CaseResultSummary>;

/** A stored case result with every run's verdicts and trace. */
export const CaseResultRecord = CaseResultSummary.extend({ attempts: z.array(CaseAttemptRecord) });
export type CaseResultRecord = z.infer<typeof CaseResultRecord>;

/** A suite the Tests screen lists: its file, where it comes from, and its cases (or why it cannot be read). */
export const SuiteListing = z.object({
  file: z.string(),
  /** `data`: the persona's folder in the data folder; `opened`: a suite file the user opened. */
  source: z.enum(['data', 'opened']),
  suite: PersonaSuite.nullable(),
  error: z.string().nullable(),
});
export type SuiteListing = z.infer<typeof SuiteListing>;

/** The case Save as test proposes from a chat session, and the suite it would go to. */
export const CaseDraft = z.object({ personaId: z.string(), suiteFile: z.string(), case: SuiteCase });
export type CaseDraft = z.infer<typeof CaseDraft>;

/** Progress of a test run in the app: a case started, or ended (with its summary). */
export const TestProgress = z.object({
  testRunId: z.string(),
  personaId: z.string(),
  suite: z.string(),
  name: z.string(),
  status: z.enum(['running', 'passed', 'failed']),
  result: CaseResultSummary.nullable(),
});
export type TestProgress = z.infer<typeof TestProgress>;
