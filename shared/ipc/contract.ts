import { z } from 'zod';
import { Breakpoints, PauseState } from '../domain/debug';
import { ErrorValue } from '../domain/errors';
import { BrokenPersona, PersonaFile, PersonaId, PersonaSummary } from '../domain/persona';
import { McpLogEntry, McpPendingRequest, McpProgress } from '../domain/mcp';
import { TraceEvent } from '../domain/trace';
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

import { chatMethods } from './methods-chat';
import { toolMethods } from './methods-tools';
import {
  BrainProbe,
  ById,
  Catalog,
  Empty,
  Notice,
  PersonaRecord,
  ProgramInfo,
  Settings,
  BusStatus,
  ImportConflict,
} from './records';

export * from './records';

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
      /** Stored secrets to remove from the secret store (the editor's Forget). */
      forgetSecrets: z.array(z.string()).optional(),
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
  /**
   * A recorded session as a run bundle (one JSON file's text): persona as it ran without secrets, tools, trace;
   * `secretsRemoved` counts the secret values (the secret store's, the environment's) replaced in it.
   */
  'bundles.export': {
    input: z.object({ sessionId: z.string().min(1) }),
    output: z.object({ text: z.string(), fileName: z.string(), secretsRemoved: z.number().int().min(0) }),
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
  ...toolMethods,
  ...chatMethods,
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
  /** `outside`: the file was changed by something other than this app (by hand, the CLI, another window's app). */
  'personas.changed': z.object({ id: z.string().nullable(), outside: z.boolean().optional() }),
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
