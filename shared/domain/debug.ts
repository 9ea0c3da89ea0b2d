import { z } from 'zod';
import { ErrorValue } from './errors';
import { AgentMessage } from './message';
import { JsonSchema, OpenAITool } from './tool';

/** Size limits on what a client sends to the debugger (outside input). */
export const DEBUG_LIMITS = { conditions: 100, tools: 500, reason: 2_000 } as const;

/** A JSON object of arguments (the model's, or the user's edit). */
export const ToolArgs = z.record(z.string(), z.unknown());
export type ToolArgs = z.infer<typeof ToolArgs>;

/**
 * A conditional tool breakpoint: hit when the call's tool is `tool` (the name the model sees) and its arguments
 * contain `argsContain` as a JSON subset (objects: every key present and matching, recursively; arrays and
 * scalars: equal). `{}` matches every call of the tool.
 */
export const ToolCondition = z.object({
  tool: z.string().min(1),
  argsContain: ToolArgs.default({}),
});
export type ToolCondition = z.infer<typeof ToolCondition>;

/**
 * The breakpoints of a persona's runs, set in the chat toolbar and remembered per persona.
 * `beforeTools.enabled` with no `tools` and no `conditions` pauses before every tool call; otherwise before the
 * calls named in `tools` or matching one of `conditions`.
 */
export const Breakpoints = z.object({
  beforeTools: z
    .object({
      enabled: z.boolean().default(false),
      /** Names the model sees (ToolInfo.modelName). */
      tools: z.array(z.string().min(1)).max(DEBUG_LIMITS.tools).default([]),
      conditions: z.array(ToolCondition).max(DEBUG_LIMITS.conditions).default([]),
    })
    .default({ enabled: false, tools: [], conditions: [] }),
  /** Pause before each brain request, showing the exact request. */
  beforeModel: z.boolean().default(false),
  /** Pause after a tool call failed, before its error goes back to the model. */
  onToolError: z.boolean().default(false),
});
export type Breakpoints = z.infer<typeof Breakpoints>;
export type BreakpointsInput = z.input<typeof Breakpoints>;

/** No breakpoints at all. */
export const NO_BREAKPOINTS: Breakpoints = Breakpoints.parse({});

/**
 * The request the loop is about to send to the brain, in our camelCase message shape (the brain maps it to its
 * wire format, as the trace's raw request shows): the conversation, the tools offered, and the brain's request
 * parameters (e.g. `model`, `temperature`). An edited request is sent as given.
 */
export const ModelRequest = z.object({
  messages: z.array(AgentMessage).min(1),
  tools: z.array(OpenAITool),
  parameters: z.record(z.string(), z.unknown()),
});
export type ModelRequest = z.infer<typeof ModelRequest>;

/** Why a run paused. `step`: the user pressed Step; `approval`: the tool's approval policy is `ask`. */
export const PauseReason = z.enum(['breakpoint', 'step', 'approval', 'tool_error']);
export type PauseReason = z.infer<typeof PauseReason>;

/** Paused before a tool call executes (or, with reason `tool_error`, after it failed). */
export const PausedAtTool = z.object({
  kind: z.literal('tool'),
  toolCallId: z.string(),
  /** The name the model used. */
  name: z.string(),
  toolboxId: z.string().nullable(),
  /** The model's arguments. */
  arguments: ToolArgs,
  /** The arguments that ran, when the pause is after a failure (reason `tool_error`); else null. */
  ranArguments: ToolArgs.nullable(),
  /** The tool's schemas, for the inline form; null when the tool is not found. */
  argumentSchema: JsonSchema.nullable(),
  outputSchema: JsonSchema.nullable(),
  /** The failure, for reason `tool_error`; else null. */
  error: ErrorValue.nullable(),
  /** Position among the tool calls of this assistant turn (parallel calls pause one at a time, in order), from 0. */
  index: z.number().int().nonnegative(),
  count: z.number().int().positive(),
});
export type PausedAtTool = z.infer<typeof PausedAtTool>;

/** Paused before a brain request. */
export const PausedAtModel = z.object({
  kind: z.literal('model'),
  request: ModelRequest,
});
export type PausedAtModel = z.infer<typeof PausedAtModel>;

/** A run waiting for the user: where, why, since when. Lives in main, so a reload shows it again. */
export const PauseState = z.object({
  /** Identifies this pause; a resume for an older pause of the same run is refused. */
  pauseId: z.string(),
  runId: z.string(),
  sessionId: z.string(),
  personaId: z.string().nullable(),
  iteration: z.number().int().nonnegative(),
  reason: PauseReason,
  /** Epoch milliseconds. */
  since: z.number(),
  at: z.discriminatedUnion('kind', [PausedAtTool, PausedAtModel]),
});
export type PauseState = z.infer<typeof PauseState>;

/** Where the run goes after this pause: to the next breakpoint (`continue`) or to the next tool or model call (`step`). */
export const ResumeMode = z.enum(['continue', 'step']);
export type ResumeMode = z.infer<typeof ResumeMode>;

/**
 * What the user does with a pause:
 * - `run`: execute the tool with these arguments (validated in main against the tool's schema);
 * - `mock`: the tool is not executed and `result` (a JSON object, validated against its output schema) is its result;
 * - `deny`: not executed; the model gets a TOOL message saying the user denied it (and why);
 * - `send`: send this edited request (model pause only);
 * - `continue` / `step`: go on unchanged (the model's arguments, the request as it was) to the next
 *   breakpoint / the next tool or model call; after a `tool_error` pause: the error goes to the model;
 * - `stop`: cancel the run.
 * `then` (run, mock, deny, send) says where to go next; default `continue`.
 */
export const ResumeAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('run'), arguments: ToolArgs, then: ResumeMode.default('continue') }),
  z.object({ action: z.literal('mock'), result: ToolArgs, then: ResumeMode.default('continue') }),
  z.object({
    action: z.literal('deny'),
    reason: z.string().max(DEBUG_LIMITS.reason).optional(),
    then: ResumeMode.default('continue'),
  }),
  z.object({ action: z.literal('send'), request: ModelRequest, then: ResumeMode.default('continue') }),
  z.object({ action: z.literal('continue') }),
  z.object({ action: z.literal('step') }),
  z.object({ action: z.literal('stop') }),
]);
export type ResumeAction = z.infer<typeof ResumeAction>;
export type ResumeActionInput = z.input<typeof ResumeAction>;

/** The text a denied call feeds back to the model. */
export function deniedContent(name: string, reason?: string): string {
  const why = reason?.trim();
  return `Error: the user denied the call to tool '${name}'${why ? `: ${why}` : '.'}`;
}

/** True when `value` contains `subset`: objects key by key (recursively), everything else by JSON equality. */
export function containsSubset(value: unknown, subset: unknown): boolean {
  if (subset !== null && typeof subset === 'object' && !Array.isArray(subset)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    const v = value as Record<string, unknown>;
    return Object.entries(subset as Record<string, unknown>).every(([k, s]) => k in v && containsSubset(v[k], s));
  }
  return JSON.stringify(value) === JSON.stringify(subset);
}

/** Whether the tool breakpoints stop before a call of `tool` with `args`. */
export function toolBreakpointHit(breakpoints: Breakpoints, tool: string, args: ToolArgs): boolean {
  const { enabled, tools, conditions } = breakpoints.beforeTools;
  if (!enabled) return false;
  if (!tools.length && !conditions.length) return true;
  return tools.includes(tool) || conditions.some((c) => c.tool === tool && containsSubset(args, c.argsContain));
}
