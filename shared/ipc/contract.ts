import { z } from 'zod';
import { Breakpoints, PauseState, ResumeAction } from '../domain/debug';
import { CallHistory, CallLabel, SavedCall } from '../domain/call-history';
import { ErrorValue } from '../domain/errors';
import { BrokenPersona, PersonaFile, PersonaId, PersonaSummary } from '../domain/persona';
import {
  McpLogEntry,
  McpLogLevel,
  McpPendingRequest,
  McpProgress,
  McpPrompt,
  McpPromptMessage,
  McpResource,
  McpResourceContents,
  McpResourceTemplate,
  McpResponse,
} from '../domain/mcp';
import { MAX_RESOURCE_URI, ResourceContents } from '../domain/resource';
import { JsonSchema, ToolboxInfo } from '../domain/tool';
import { RunDiff } from '../domain/run-diff';
import { ForkEdit, ForkPoint, RerunTarget, SessionOrigin } from '../domain/time-travel';
import { TraceEvent } from '../domain/trace';
import { OPENAI_BRAIN_ID } from '../plugins/brains/openai';
import { SuiteCase } from '../domain/persona-suite';
import { MAX_BUNDLE_TEXT_OVER_API } from '../domain/run-bundle';
import { PersonaVersionFile, PersonaVersionId, PersonaVersionInfo } from '../domain/persona-version';
import {
  CaseDraft,
  CaseResultRecord,
  CaseResultSummary,
  SuiteListing,
  TestProgress,
} from '../domain/persona-test-result';

/** A persona file as the editor loads it: secrets are never sent, only whether each is set. */
export const PersonaRecord = z.object({
  id: z.string(),
  path: z.string(),
  persona: PersonaFile,
  /** Dotted paths of secret fields that have a stored value, e.g. `ovos-native-toolcall-loop.ovos-chat-openai-plugin.api_key`. */
  secretsSet: z.array(z.string()),
  /** Secrets stored for another origin than the block's URL now names: kept, but not sent there (ask to rebind). */
  secretsHeld: z.array(z.string()).default([]),
});
export type PersonaRecord = z.infer<typeof PersonaRecord>;

/**
 * A program a persona starts on this machine (an MCP stdio server): everything that decides what runs, shown before
 * it may run. `env` values that look like credentials are masked; `fingerprint` covers the real values.
 */
export const ProgramInfo = z.object({
  toolboxId: z.string(),
  command: z.string(),
  args: z.array(z.string()),
  cwd: z.string().nullable(),
  env: z.record(z.string(), z.string()),
  /** Names of env entries whose value is masked in `env`. */
  maskedEnv: z.array(z.string()),
  /** Folders offered to the program as MCP roots (part of what is approved). */
  roots: z.array(z.string()).default([]),
  fingerprint: z.string(),
  approved: z.boolean(),
});
export type ProgramInfo = z.infer<typeof ProgramInfo>;

/** A plugin the editor can offer: engines, brains and toolboxes, each with its config schema. */
export const CatalogEntry = z.object({
  id: z.string(),
  /** Other ids persona files use for the same plugin (e.g. OVOS's `ovos-chain-of-thought`). */
  aliases: z.array(z.string()).optional(),
  title: z.string(),
  description: z.string(),
  configSchema: JsonSchema,
  source: z.enum(['builtin', 'plugin', 'mcp', 'utcp', 'bus']),
});
export type CatalogEntry = z.infer<typeof CatalogEntry>;

export const Catalog = z.object({
  engines: z.array(CatalogEntry),
  brains: z.array(CatalogEntry),
  toolboxes: z.array(CatalogEntry),
  /** Plugins that failed to load: reported, never breaking discovery. */
  pluginErrors: z.array(z.object({ id: z.string(), error: ErrorValue })),
});
export type Catalog = z.infer<typeof Catalog>;

/** A stored chat session (one JSONL file of trace events). */
export const SessionSummary = z.object({
  sessionId: z.string(),
  personaId: z.string().nullable(),
  personaName: z.string(),
  title: z.string(),
  startedAt: z.number(),
  updatedAt: z.number(),
  runs: z.number().int(),
  /** The persona version the session's last run ran with (absent: none recorded). */
  personaVersion: z.string().optional(),
  /** Where the session came from (a fork or a re-run of another session); absent for a plain chat. */
  origin: SessionOrigin.optional(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

/** Brain connection settings the editor tests before saving; `brainId` picks the brain whose probe answers. */
export const BrainProbe = z.object({
  brainId: z.string().min(1).default(OPENAI_BRAIN_ID),
  api_url: z.string().min(1),
  api_key: z.string().optional(),
  model: z.string().optional(),
  /** Use the stored key of this persona when api_key is not given. */
  personaId: PersonaId.optional(),
});
export type BrainProbe = z.infer<typeof BrainProbe>;

export const Settings = z.object({
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /** OVOS messagebus URL; null = off. */
  busUrl: z.string().nullable().default(null),
});
export type Settings = z.infer<typeof Settings>;

/** The OVOS bus link: off (url null), connected, or the error of the last attempt. */
export const BusStatus = z.object({
  url: z.string().nullable(),
  connected: z.boolean(),
  /** How many of the app's toolboxes with tools answer on the bus. */
  toolboxes: z.number().int(),
  error: z.string().nullable(),
});
export type BusStatus = z.infer<typeof BusStatus>;

const Empty = z.object({}).default({});
/** What an import does when the persona already exists. */
export const ImportConflict = z.enum(['ask', 'replace', 'keep-both']).default('ask');

/**
 * A problem the user must hear about that no request of theirs is waiting on (a settings file that does not
 * parse, a session that cannot be written): pushed as 'app.notice', the recent ones kept for app.notices.
 */
export const Notice = z.object({
  id: z.number().int(),
  level: z.enum(['warning', 'error']),
  message: z.string(),
  at: z.number(),
  /** The session it concerns, when it concerns one. */
  sessionId: z.string().nullable(),
});
export type Notice = z.infer<typeof Notice>;
const ById = z.object({ id: PersonaId });

/** Where a tool lives: a persona's toolbox instance, or an installed toolbox with its default config. */
export const ToolScope = z.object({ personaId: PersonaId.optional() });

/** One MCP toolbox of a persona (or an installed one). */
const McpScope = ToolScope.extend({ toolboxId: z.string() });

/** The one API table. Both transports (Electron IPC, WebSocket) carry exactly these. */
export const methods = {
  'app.info': {
    input: Empty,
    output: z.object({
      version: z.string(),
      dataDir: z.string(),
      mode: z.enum(['electron', 'browser']),
      platform: z.string(),
    }),
  },
  'app.catalog': { input: Empty, output: Catalog },
  /** The recent notices (oldest first), including those raised before this window connected. */
  'app.notices': { input: Empty, output: z.object({ notices: z.array(Notice) }) },
  'personas.list': {
    input: Empty,
    output: z.object({ personas: z.array(PersonaSummary), broken: z.array(BrokenPersona) }),
  },
  'personas.get': { input: ById, output: PersonaRecord },
  'personas.save': {
    /** Without id a new persona is created (id derived from the name). Secret values given here go to the secrets store. */
    input: z.object({
      id: PersonaId.optional(),
      persona: PersonaFile,
      /** Stored secrets to keep for the block's new URL (the user said so when the URL changed). */
      rebindSecrets: z.array(z.string()).optional(),
    }),
    output: PersonaRecord,
  },
  'personas.delete': { input: ById, output: z.object({ deleted: z.boolean() }) },
  'personas.duplicate': { input: z.object({ id: PersonaId, name: z.string().optional() }), output: PersonaRecord },
  'personas.import': {
    /** onConflict: a persona with the same id or name exists -> 'ask' refuses with persona_exists (details {id, name}). */
    input: z.union([
      z.object({ path: z.string().min(1), onConflict: ImportConflict }),
      z.object({ text: z.string().min(1), fileName: z.string().optional(), onConflict: ImportConflict }),
    ]),
    /** `programs`: what the persona would start (stdio MCP servers); none runs before the user approves it. */
    output: z.object({
      record: PersonaRecord,
      unknownPluginIds: z.array(z.string()),
      /** True when it replaced the persona of the same id or name (onConflict 'replace'). */
      replaced: z.boolean(),
      programs: z.array(ProgramInfo),
    }),
  },
  /** One stored secret's value, for the editor's "Reveal" (the user asked to see it); `path` as in secretsSet. */
  'personas.revealSecret': {
    input: z.object({ id: PersonaId, path: z.string().min(1) }),
    output: z.object({ value: z.string() }),
  },
  /** The persona's kept versions (the last saved first) and the version of its content now. */
  'personas.versions': {
    input: ById,
    output: z.object({ current: PersonaVersionId.nullable(), versions: z.array(PersonaVersionInfo) }),
  },
  /** One kept version's content (secrets are never in a version). */
  'personas.version': {
    input: z.object({ id: PersonaId, versionId: PersonaVersionId }),
    output: z.object({ version: PersonaVersionFile }),
  },
  /** Saves a kept version's content as the persona (its stored secrets kept): the newest version from then on. */
  'personas.restoreVersion': {
    input: z.object({ id: PersonaId, versionId: PersonaVersionId }),
    output: PersonaRecord,
  },
  /** A recorded session as a run bundle (one JSON file's text): persona as it ran without secrets, tools, trace. */
  'bundles.export': {
    input: z.object({ sessionId: z.string().min(1) }),
    output: z.object({ text: z.string(), fileName: z.string() }),
  },
  /**
   * Opens a bundle's text: validated, its persona added under a new id with nothing approved (its MCP servers and
   * programs start only once the user approves them), its trace as a new read-only session. Nothing runs.
   */
  'bundles.open': {
    input: z.object({
      text: z.string().min(1).max(MAX_BUNDLE_TEXT_OVER_API),
      fileName: z.string().max(1000).optional(),
    }),
    output: z.object({ personaId: z.string(), sessionId: z.string(), programs: z.array(ProgramInfo) }),
  },
  /** The bundle a session was opened from (null: a session of this app): what the read-only banner shows. */
  'bundles.ofSession': {
    input: z.object({ sessionId: z.string().min(1) }),
    output: z.object({
      bundle: z
        .object({
          title: z.string(),
          exportedAt: z.number(),
          tools: z.number().int(),
          personaVersion: z.string().nullable(),
        })
        .nullable(),
    }),
  },
  /** Re-runs a session opened from a bundle fully offline (replay brain, recorded tool results) into a new session. */
  'bundles.rerunOffline': {
    input: z.object({ sessionId: z.string().min(1) }),
    output: z.object({ sessionId: z.string(), finished: z.boolean() }),
  },
  /** The programs a persona starts, each with whether this exact command line (args, cwd, env) is approved. */
  'approvals.list': { input: ById, output: z.object({ programs: z.array(ProgramInfo) }) },
  /** Approves these programs (by fingerprint, as approvals.list gave them) for this persona; they start on next use. */
  'approvals.approve': {
    input: z.object({ id: PersonaId, fingerprints: z.array(z.string()).min(1) }),
    output: z.object({ programs: z.array(ProgramInfo) }),
  },
  'personas.export': {
    /**
     * `to: 'text'` only returns the file's text. `to: 'file'` writes it where the user chooses in a save dialog
     * (desktop; `cancelled` when they close it), else into the data folder's `exports/` (browser mode), where an
     * existing file is replaced only with `overwrite` (the window asks first). A client never names a path.
     */
    input: z.object({
      id: PersonaId,
      withSecrets: z.boolean().default(false),
      to: z.enum(['text', 'file']).default('text'),
      overwrite: z.boolean().default(false),
    }),
    output: z.object({ text: z.string(), path: z.string().nullable(), cancelled: z.boolean() }),
  },
  'toolboxes.list': { input: ToolScope, output: z.object({ toolboxes: z.array(ToolboxInfo) }) },
  'toolboxes.refresh': {
    input: ToolScope.extend({ toolboxId: z.string().optional() }),
    output: z.object({ toolboxes: z.array(ToolboxInfo) }),
  },
  'tools.call': {
    /** `callId` (chosen by the window) names the call for tools.cancel and its 'tools.progress' events. */
    input: ToolScope.extend({
      toolboxId: z.string(),
      name: z.string(),
      arguments: z.record(z.string(), z.unknown()),
      callId: z.string().min(1).max(100).optional(),
    }),
    output: z.object({ result: z.unknown(), durationMs: z.number() }),
  },
  /** Cancels a manual call by its callId (an MCP server is sent notifications/cancelled); it then fails `cancelled`. */
  'tools.cancel': { input: z.object({ callId: z.string() }), output: z.object({ cancelled: z.boolean() }) },
  /** An MCP server's resources and resource templates (each with its variable names). */
  'mcp.resources': {
    input: McpScope,
    output: z.object({
      resources: z.array(McpResource),
      templates: z.array(McpResourceTemplate.extend({ variables: z.array(z.string()) })),
    }),
  },
  /** Reads a resource by URI, or a template filled with values (RFC 6570); `uri` is what was read. */
  'mcp.readResource': {
    input: z.union([
      McpScope.extend({ uri: z.string().min(1) }),
      McpScope.extend({ uriTemplate: z.string().min(1), arguments: z.record(z.string(), z.unknown()) }),
    ]),
    output: z.object({ uri: z.string(), contents: z.array(McpResourceContents) }),
  },
  'mcp.prompts': { input: McpScope, output: z.object({ prompts: z.array(McpPrompt) }) },
  /** A prompt's messages for these (string) arguments. */
  'mcp.getPrompt': {
    input: McpScope.extend({ name: z.string().min(1), arguments: z.record(z.string(), z.string()).default({}) }),
    output: z.object({ description: z.string().nullable(), messages: z.array(McpPromptMessage) }),
  },
  /** What the server logged and notified, oldest first (the last 500), and whether it takes logging/setLevel. */
  'mcp.log': { input: McpScope, output: z.object({ entries: z.array(McpLogEntry), logging: z.boolean() }) },
  'mcp.setLogLevel': { input: McpScope.extend({ level: McpLogLevel }), output: z.object({ level: McpLogLevel }) },
  /** The server requests (elicitation, sampling) waiting for the user now. */
  'mcp.pending': { input: Empty, output: z.object({ requests: z.array(McpPendingRequest) }) },
  /** Answers one; an accepted elicitation is checked against its schema (`bad_input` with issues, still waiting). */
  'mcp.respond': {
    input: McpResponse.extend({ requestId: z.string() }),
    output: z.object({ settled: z.literal(true) }),
  },
  /** Turns one tool of a persona's toolbox on or off (`persona_studio.tools.disabled`), saving the persona. */
  'tools.setEnabled': {
    input: z.object({ personaId: PersonaId, toolboxId: z.string(), name: z.string(), enabled: z.boolean() }),
    output: PersonaRecord,
  },
  /** Reads a resource through the MCP server of a toolbox (the "Open" of a resource in a tool result). */
  'tools.readResource': {
    input: ToolScope.extend({ toolboxId: z.string(), uri: z.string().min(1).max(MAX_RESOURCE_URI) }),
    output: z.object({ contents: z.array(ResourceContents) }),
  },
  /** The manual calls of a persona's tools (newest first; tools.call records each) and its saved calls. */
  'tools.history': { input: ToolScope, output: CallHistory },
  /** Keeps a history entry as a saved call with a name (its arguments as the history has them, secrets left out). */
  'tools.saveCall': {
    input: ToolScope.extend({ entryId: z.string().min(1).max(100), label: CallLabel }),
    output: SavedCall,
  },
  'tools.renameCall': {
    input: ToolScope.extend({ savedId: z.string().min(1).max(100), label: CallLabel }),
    output: SavedCall,
  },
  'tools.deleteCall': {
    input: ToolScope.extend({ savedId: z.string().min(1).max(100) }),
    output: z.object({ deleted: z.boolean() }),
  },
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
  'brains.test': {
    input: BrainProbe,
    output: z.object({
      ok: z.boolean(),
      latencyMs: z.number(),
      models: z.array(z.string()),
      error: ErrorValue.nullable(),
    }),
  },
  'brains.models': { input: BrainProbe, output: z.object({ models: z.array(z.string()) }) },
  'settings.get': { input: Empty, output: Settings },
  /** Whether the app's toolboxes are on the OVOS bus of settings.busUrl, or why not. */
  'settings.busStatus': { input: Empty, output: BusStatus },
  'settings.save': { input: Settings, output: Settings },
  /** A persona's test suites: those in the data folder's `suites/<personaId>/`, and suite files opened for it. */
  'tests.suites': { input: z.object({ personaId: PersonaId }), output: z.object({ suites: z.array(SuiteListing) }) },
  /** Opens a suite file (by its path on this machine) for the persona: listed with its suites from now on. */
  'tests.open': { input: z.object({ personaId: PersonaId, path: z.string().min(1).max(4096) }), output: SuiteListing },
  /** Save as test: a case proposed from a chat session (its user turns, recorded tools, assertions), not saved. */
  'tests.draft': { input: z.object({ sessionId: z.string().min(1) }), output: CaseDraft },
  /**
   * Adds a case to one of the persona's suites (`suiteFile` as tests.suites lists it; absent: its default suite,
   * created when missing). A case whose name the suite has already -> bad_input naming the field.
   */
  'tests.saveCase': {
    input: z.object({ personaId: PersonaId, suiteFile: z.string().optional(), case: SuiteCase }),
    output: z.object({ file: z.string() }),
  },
  /**
   * Runs the persona's cases (all, or these), a few at a time; answers at once. Progress comes as tests.progress,
   * the end as tests.finished; each case's result goes to its history.
   */
  'tests.run': {
    input: z.object({
      personaId: PersonaId,
      cases: z
        .array(z.object({ suite: z.string(), name: z.string() }))
        .max(1000)
        .optional(),
    }),
    output: z.object({ testRunId: z.string(), total: z.number().int() }),
  },
  /** The stored results of the persona's cases, newest first (at most `limit` per case). */
  'tests.history': {
    input: z.object({ personaId: PersonaId, limit: z.number().int().min(1).max(200).default(20) }),
    output: z.object({ results: z.array(CaseResultSummary) }),
  },
  /** One stored result with every run's verdicts and trace. */
  'tests.result': {
    input: z.object({ personaId: PersonaId, resultId: z.string().min(1).max(100) }),
    output: z.object({ result: CaseResultRecord }),
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

/** Pushes from main. chat.trace carries the sessionId beside the event. */
export const events = {
  'chat.trace': z.object({ sessionId: z.string(), event: TraceEvent }),
  'tools.changed': z.object({ toolboxId: z.string(), personaId: z.string().nullable() }),
  'personas.changed': z.object({ id: z.string().nullable() }),
  'app.notice': Notice,
  /** A run paused (breakpoint, step, approval, tool error). */
  'debug.paused': PauseState,
  /** A pause ended: resumed with `action`, or `stop` when the run was cancelled while paused. */
  'debug.resumed': z.object({ runId: z.string(), pauseId: z.string(), action: z.string() }),
  /** A persona's breakpoints changed (from any window). */
  'debug.breakpoints': z.object({ personaId: z.string(), breakpoints: Breakpoints }),
  /** A running tool's progress: a manual call (its callId) or a loop call (runId and the model's toolCallId). */
  'tools.progress': McpProgress.extend({
    callId: z.string(),
    runId: z.string().nullable(),
    toolboxId: z.string().nullable(),
  }),
  /** An MCP server logged or notified something. */
  'mcp.log': z.object({ personaId: z.string().nullable(), toolboxId: z.string(), entry: McpLogEntry }),
  /** An MCP server asks the user something (elicitation) or for the brain (sampling). */
  'mcp.request': McpPendingRequest,
  /** A request was answered or the server cancelled it: windows close its dialog. */
  'mcp.requestSettled': z.object({ requestId: z.string(), outcome: z.string() }),
  /** A case of a test run started or ended. */
  'tests.progress': TestProgress,
  /** A test run ended: how many cases passed and failed, or why it could not run (a bad suite, a bad persona). */
  'tests.finished': z.object({
    testRunId: z.string(),
    personaId: z.string(),
    passed: z.number().int(),
    failed: z.number().int(),
    error: ErrorValue.nullable(),
  }),
} as const satisfies Record<string, z.ZodType>;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
export type MethodParsedInput<M extends MethodName> = z.output<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;
export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
