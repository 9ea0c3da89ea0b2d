/** The records the API's methods take and give (persona records, catalog, sessions, settings, scopes). */
import { z } from 'zod';
import { ErrorValue } from '../domain/errors';
import { PersonaFile, PersonaId } from '../domain/persona';
import { JsonSchema } from '../domain/tool';
import { SessionOrigin } from '../domain/time-travel';
import { OPENAI_BRAIN_ID } from '../plugins/brains/openai';

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

/** No input. */
export const Empty = z.object({}).default({});
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
export const ById = z.object({ id: PersonaId });

/** Where a tool lives: a persona's toolbox instance, or an installed toolbox with its default config. */
export const ToolScope = z.object({ personaId: PersonaId.optional() });

/** One MCP toolbox of a persona (or an installed one). */
export const McpScope = ToolScope.extend({ toolboxId: z.string() });
