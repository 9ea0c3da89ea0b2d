import { z } from 'zod';
import { ModelRequest, ToolArgs } from './debug';
import { ErrorValue } from './errors';
import { AgentMessage, ToolCall } from './message';

/** A large field of an event kept out of line: which field, the side file's record, its size, its start. */
export const PayloadRef = z.object({
  field: z.string(),
  ref: z.string(),
  size: z.number().int().nonnegative(),
  preview: z.string(),
});
export type PayloadRef = z.infer<typeof PayloadRef>;

const Base = {
  runId: z.string(),
  /** Position in the run's stream, from 0, without gaps. */
  seq: z.number().int().nonnegative(),
  /** Epoch milliseconds. */
  at: z.number(),
  /** Loop iteration, from 1; 0 for events outside an iteration. */
  iteration: z.number().int().nonnegative(),
  /**
   * The loop span the event belongs to (a plan step, a Reflexion episode, a Tree-of-Thoughts candidate...); for
   * span_started / span_finished, the span itself. Absent at the top level (all events of the one-level engines).
   */
  spanId: z.string().optional(),
  /** The span's parent span, on span_started / span_finished; absent for a top-level span. */
  parentSpanId: z.string().optional(),
  /**
   * Set on events as a window receives them when fields were too large to send (cut or replaced by a note):
   * their names. The session file has the whole event; chat.traceEvent fetches it.
   */
  elided: z.array(z.string()).optional(),
  /**
   * Set on events as a window receives them when large fields are kept in the session's side file: each one's
   * reference, size (characters) and the preview shown in its place. chat.payload fetches the text.
   */
  payloads: z.array(PayloadRef).optional(),
};

/** A provider's token counts for one brain call, as its `usage` reported them. */
export const TokenUsage = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

/** What a span of a multi-phase loop is: the nodes of each loop's tree. */
export const SpanKind = z.enum([
  'plan',
  'step',
  'iteration',
  'synthesis',
  'episode',
  'answer',
  'verdict',
  'reflection',
  'follow_up',
  'intermediate_answer',
  'reasoning',
  'draft',
  'critique',
  'claim',
  'revision',
  'depth',
  'candidate',
  'final',
]);
export type SpanKind = z.infer<typeof SpanKind>;

/** The provider's raw request and response for one brain call, one click away in the UI. */
export const RawExchange = z.object({
  request: z.unknown(),
  response: z.unknown(),
});
export type RawExchange = z.infer<typeof RawExchange>;

/** The call a tool event is about: its id, the tool, its toolbox id (or null) and its arguments. */
const ToolCallFields = {
  toolCallId: z.string(),
  name: z.string(),
  toolboxId: z.string().nullable(),
  arguments: ToolArgs,
};

/**
 * What the debugger changed about a tool call; every field is absent when nothing was. `arguments` of the event
 * is what ran; `originalArguments` the model's, when the user edited them.
 */
const ToolDebug = {
  originalArguments: ToolArgs.optional(),
  /** The user entered the result; the tool did not run. */
  mocked: z.boolean().optional(),
  /** Time the call waited paused, in ms; not part of durationMs. */
  pausedMs: z.number().nonnegative().optional(),
};

export const RunStarted = z.object({
  ...Base,
  type: z.literal('run_started'),
  sessionId: z.string(),
  personaId: z.string().nullable(),
  personaName: z.string(),
  engine: z.string(),
  brain: z.string().nullable(),
  model: z.string().nullable(),
  maxIterations: z.number().int(),
  tools: z.array(z.string()),
  /** The persona version (content hash) the run ran with; absent in traces from before versions were kept. */
  personaVersion: z.string().max(64).nullable().optional(),
});
export const UserMessage = z.object({ ...Base, type: z.literal('user_message'), content: z.string() });
/**
 * What the persona's memory module (`memory_module`) put into the request before the user's message: its system
 * context (e.g. AGENTS.md sections), the earlier messages it kept, how many it left out, and any warning.
 * `module` null: no memory, the handler gets only the new message.
 */
export const MemoryContext = z.object({
  ...Base,
  type: z.literal('memory_context'),
  module: z.string().nullable(),
  system: z.string().nullable(),
  history: z.array(AgentMessage),
  dropped: z.number().int().nonnegative(),
  warning: z.string().nullable(),
});
export const AssistantMessage = z.object({
  ...Base,
  type: z.literal('assistant_message'),
  content: z.string(),
  toolCalls: z.array(ToolCall),
  /** True for the turn that ends the run (no tool calls, or the forced last answer). */
  final: z.boolean(),
  durationMs: z.number(),
  raw: RawExchange.nullable(),
  warnings: z.array(z.string()),
  /** The user edited the request before it was sent: the loop's request and the one sent. */
  requestEdit: z.object({ original: ModelRequest, sent: ModelRequest }).optional(),
  /** Time paused before the request, in ms; not part of durationMs. */
  pausedMs: z.number().nonnegative().optional(),
  /** The provider's token counts, when its reply had `usage`. */
  usage: TokenUsage.optional(),
  /** Streamed replies: ms from the request to the first text delta. */
  ttftMs: z.number().nonnegative().optional(),
  /**
   * Set on the event as a window receives it from a session: the raw exchange was left out (`raw.request` and
   * `raw.response` are null), its request about this many characters of JSON. chat.traceEvent fetches the whole
   * event when the raw exchange is shown, so what a window receives per turn does not grow with the conversation.
   */
  requestChars: z.number().int().nonnegative().optional(),
});
export const ToolStarted = z.object({
  ...Base,
  type: z.literal('tool_started'),
  ...ToolCallFields,
  /** The model's arguments text when it was not valid JSON (the call was not run). */
  rawArguments: z.string().optional(),
});
export const ToolResult = z.object({
  ...Base,
  type: z.literal('tool_result'),
  ...ToolCallFields,
  result: z.unknown(),
  /** The exact text fed back to the model. */
  content: z.string(),
  durationMs: z.number(),
  ...ToolDebug,
});
export const ToolError = z.object({
  ...Base,
  type: z.literal('tool_error'),
  ...ToolCallFields,
  rawArguments: z.string().optional(),
  error: ErrorValue,
  content: z.string(),
  durationMs: z.number(),
  ...ToolDebug,
  /** The user denied the call (error code `tool_denied`); the reason they gave, or null. */
  denied: z.object({ reason: z.string().nullable() }).optional(),
});
/**
 * A piece of the answer as it streams. Deltas are provisional: when their iteration's assistant_message is
 * not final (the reply asked for tools), that message retracts them and shows the text as the turn's content.
 */
export const AnswerDelta = z.object({ ...Base, type: z.literal('answer_delta'), delta: z.string() });
/** A loop span opens (its `spanId`, under `parentSpanId`): what it is, its title, and its text when known up front. */
export const SpanStarted = z.object({
  ...Base,
  type: z.literal('span_started'),
  kind: SpanKind,
  title: z.string(),
  text: z.string().optional(),
});
/** A loop span closes: what it produced, and for scored candidates their score and whether the beam kept them. */
export const SpanFinished = z.object({
  ...Base,
  type: z.literal('span_finished'),
  text: z.string().optional(),
  score: z.number().optional(),
  kept: z.boolean().optional(),
  /** Reflexion's verdict, when the span is one. */
  satisfactory: z.boolean().optional(),
});
/**
 * A loop hit one of its limits (`limit`: the config key, e.g. `max_reflections`, or `max_tool_result_chars` for a
 * tool result cut before the model) or could not parse the model's
 * reply, and says what it does instead (force an answer, take the text as it is...).
 */
export const LoopNotice = z.object({
  ...Base,
  type: z.literal('loop_notice'),
  /** `tools_not_offered`: tools of the persona the model is not offered because they cannot run here (MCP tasks). */
  reason: z.enum(['limit_reached', 'unparseable', 'tools_not_offered']),
  limit: z.string().optional(),
  message: z.string(),
  /** The tool call the notice is about (a result cut at `max_tool_result_chars`). */
  toolCallId: z.string().optional(),
});
export const RunFinished = z.object({
  ...Base,
  type: z.literal('run_finished'),
  answer: z.string(),
  /** Tool-call cycles, at most the run's maxIterations. */
  iterations: z.number().int(),
  /** The limit was reached: one last request without tools (iteration maxIterations+1) gave the answer. */
  limitReached: z.boolean().optional(),
  durationMs: z.number(),
});
export const RunFailed = z.object({
  ...Base,
  type: z.literal('run_failed'),
  error: ErrorValue,
  durationMs: z.number(),
});
export const RunCancelled = z.object({
  ...Base,
  type: z.literal('run_cancelled'),
  reason: z.string(),
  durationMs: z.number(),
});

/** Everything an engine run emits; the chat pane renders it, the session file stores it. */
export const TraceEvent = z.discriminatedUnion('type', [
  RunStarted,
  UserMessage,
  MemoryContext,
  AssistantMessage,
  ToolStarted,
  ToolResult,
  ToolError,
  AnswerDelta,
  SpanStarted,
  SpanFinished,
  LoopNotice,
  RunFinished,
  RunFailed,
  RunCancelled,
]);
export type TraceEvent = z.infer<typeof TraceEvent>;
export type TraceEventType = TraceEvent['type'];
/** A trace event before the recorder stamps runId, seq and at. */
export type TraceEventInput = TraceEvent extends infer E
  ? E extends TraceEvent
    ? Omit<E, 'runId' | 'seq' | 'at'>
    : never
  : never;

/** The event types that end a run. */
export const TERMINAL_TRACE_TYPES = ['run_finished', 'run_failed', 'run_cancelled'] as const;
