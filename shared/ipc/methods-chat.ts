/** The API's chat, session and debugger methods: part of the one table in contract.ts. */
import { z } from 'zod';
import { Breakpoints, PauseState, ResumeAction } from '../domain/debug';
import { PersonaId } from '../domain/persona';
import { RunDiff } from '../domain/run-diff';
import { ForkEdit, ForkPoint, RerunTarget } from '../domain/time-travel';
import { TraceEvent } from '../domain/trace';
import { SessionSummary } from './records';

/** Chat runs, stored sessions, time travel and the loop debugger. */
export const chatMethods = {
  'chat.send': {
    input: z.object({ personaId: PersonaId, sessionId: z.string().optional(), message: z.string().min(1) }),
    output: z.object({ runId: z.string(), sessionId: z.string() }),
  },
  'chat.cancel': { input: z.object({ runId: z.string() }), output: z.object({ cancelled: z.boolean() }) },
  'chat.sessions': {
    input: z.object({ personaId: PersonaId.optional() }),
    output: z.object({ sessions: z.array(SessionSummary) }),
  },
  /** One whole trace event from the session file: what a window asks for when it got an event with `elided` fields. */
  'chat.traceEvent': {
    input: z.object({ sessionId: z.string(), runId: z.string(), seq: z.number().int().nonnegative() }),
    output: z.object({ event: TraceEvent }),
  },
  /**
   * A session's whole trace as JSON Lines, one whole event per line in the order they were appended (requests
   * rebuilt, large payloads inline, as the run emitted them): what "Export trace" downloads. Secret values
   * (the secret store's, the environment's) are replaced (`secretsRemoved` counts them).
   */
  'chat.exportTrace': {
    input: z.object({ sessionId: z.string() }),
    output: z.object({ text: z.string(), fileName: z.string(), secretsRemoved: z.number().int().min(0) }),
  },
  /** The text of one large payload an event names in `payloads` (kept in the session's side file). */
  'chat.payload': {
    input: z.object({ sessionId: z.string(), ref: z.string().max(64) }),
    output: z.object({ text: z.string() }),
  },
  'chat.loadSession': {
    /**
     * `limit`: the newest events wanted (a window keeps that many); `omitted` says how many older ones were left
     * out, and `earlier` is the cursor to them: give it as `before` for the `limit` events before those.
     */
    input: z.object({
      sessionId: z.string(),
      limit: z.number().int().positive().optional(),
      before: z.number().int().nonnegative().optional(),
    }),
    /**
     * `warnings`: what the file lacks (unreadable lines, a run that has no end in it); `interruptedRunIds`: runs
     * without an end in the file that are not going either (the app stopped during them).
     */
    output: z.object({
      session: SessionSummary,
      events: z.array(TraceEvent),
      warnings: z.array(z.string()),
      interruptedRunIds: z.array(z.string()),
      omitted: z.number().int().nonnegative().optional(),
      earlier: z.number().int().nonnegative().optional(),
    }),
  },
  /**
   * Forks a recorded session at a step: a new session holding the history up to it (copied, no request sent, no
   * tool run), the step as edited, then the loop going on live. Answers at once; the trace streams as chat.trace.
   */
  'sessions.fork': {
    /**
     * The source: a stored session (`sessionId`), or a trace shown elsewhere that is not one (`trace`: a test
     * case's run, with the persona it ran with and words naming it).
     */
    input: z
      .object({
        sessionId: z.string().optional(),
        trace: z
          .object({ personaId: PersonaId, events: z.array(TraceEvent).max(20_000), from: z.string().max(200) })
          .optional(),
        point: ForkPoint,
        edit: ForkEdit,
      })
      .refine((i) => (i.sessionId === undefined) !== (i.trace === undefined), {
        message: 'Give the session to fork (sessionId) or its trace, not both.',
      }),
    output: z.object({ sessionId: z.string(), runId: z.string() }),
  },
  /**
   * Runs a session's user turns again, in order, in a new session, against `target` (persona, brain, model,
   * engine; tools live or from the recording). Answers once the first run started; the rest follow.
   */
  'sessions.rerun': {
    input: z.object({ sessionId: z.string(), target: RerunTarget }),
    output: z.object({ sessionId: z.string(), turns: z.number().int() }),
  },
  /** Two sessions compared turn by turn (see diffRuns); `equal` ignores ids, times and token counts. */
  'sessions.diff': {
    input: z.object({ a: z.string(), b: z.string() }),
    output: RunDiff,
  },
  /** The persona's breakpoints (remembered per persona; none set: all off). */
  'debug.getBreakpoints': { input: z.object({ personaId: PersonaId }), output: z.object({ breakpoints: Breakpoints }) },
  /** Stores the persona's breakpoints; they apply at once to its runs in flight, paused ones included. */
  'debug.setBreakpoints': {
    input: z.object({ personaId: PersonaId, breakpoints: Breakpoints }),
    output: z.object({ breakpoints: Breakpoints }),
  },
  /** The runs paused now (of one session, or all): what a reloaded window shows again. */
  'debug.state': {
    input: z.object({ sessionId: z.string().optional() }).default({}),
    output: z.object({ paused: z.array(PauseState) }),
  },
  /**
   * Resumes a paused run. Refused, and the run stays paused: `not_found` when `pauseId` is not the run's current
   * pause; `tool_input_invalid` / `tool_output_invalid` (with `details.issues`) for arguments or a mocked result
   * that fail the tool's schema; `bad_input` for an action that does not fit the pause (e.g. `send` at a tool).
   */
  'debug.resume': {
    input: z.object({ runId: z.string(), pauseId: z.string(), action: ResumeAction }),
    output: z.object({ resumed: z.literal(true) }),
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;
