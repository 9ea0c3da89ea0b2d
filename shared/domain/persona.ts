import { z } from 'zod';
import { DEFAULT_API_URL, OPENAI_BRAIN_ID } from '../plugins/brains/openai';
import { ErrorValue } from './errors';

/** What a new persona starts with: the native tool-call loop and the OpenAI-compatible brain at Ollama's address. */
export const DEFAULT_ENGINE = 'ovos-native-toolcall-loop';
export const DEFAULT_BRAIN = OPENAI_BRAIN_ID;
export { DEFAULT_API_URL };

/** A tool call's approval: `ask` pauses for the user's approval before it runs, `auto` runs it. */
export const ApprovalMode = z.enum(['ask', 'auto']);
export type ApprovalMode = z.infer<typeof ApprovalMode>;

/** One toolbox's approval policy: `mode` for all its tools, `tools` per tool name (the toolbox's own names). */
export const ToolboxApproval = z.object({
  mode: ApprovalMode.optional(),
  tools: z.record(z.string(), ApprovalMode).optional(),
});
export type ToolboxApproval = z.infer<typeof ToolboxApproval>;

/** The top-level key of this app's own settings inside a persona file; OVOS ignores it. */
export const APP_BLOCK_KEY = 'persona_studio';

/** How a tool is named in a persona's switches: its toolbox id, `/`, the toolbox's own name for it. */
export const ToolSwitchKey = z
  .string()
  .max(300)
  .regex(/^[^/].*\/[^/]+$/, 'A tool is named "<toolbox id>/<tool name>", e.g. "ovos-math-tools/solve_equation".');

/** Per-tool switches: `disabled` tools are not sent to the model and not served by `persona-studio mcp`. */
export const ToolSwitches = z.looseObject({
  disabled: z.array(ToolSwitchKey).max(10_000).optional(),
});
export type ToolSwitches = z.infer<typeof ToolSwitches>;

/**
 * This app's block in a persona file (`persona_studio`): `approval` by toolbox id, `tools` (per-tool switches).
 * Unknown keys are kept. Example: `{"approval": {"ovos-mcp-toolbox:files": {"mode": "auto", "tools": {"write_file":
 * "ask"}}}, "tools": {"disabled": ["ovos-mcp-toolbox:files/write_file"]}}`.
 */
export const PersonaStudioBlock = z.looseObject({
  approval: z.record(z.string(), ToolboxApproval).optional(),
  tools: ToolSwitches.optional(),
});
export type PersonaStudioBlock = z.infer<typeof PersonaStudioBlock>;

/**
 * An OVOS persona file: `name`, `handlers` (or legacy `solvers`), and one config block per plugin id.
 * Unknown keys are kept as they are, so import/export is lossless.
 */
export const PersonaFile = z
  .looseObject({
    name: z.string().trim().min(1, 'A persona needs a name.'),
    description: z.string().optional(),
    handlers: z.array(z.string()).optional(),
    solvers: z.array(z.string()).optional(),
    memory_module: z.string().nullable().optional(),
    [APP_BLOCK_KEY]: PersonaStudioBlock.optional(),
  })
  .refine((p) => (p.handlers?.length ?? 0) + (p.solvers?.length ?? 0) > 0, {
    message: 'personas must have at least 1 utterance handler',
    path: ['handlers'],
  });
export type PersonaFile = z.infer<typeof PersonaFile>;

/** Persona ids are file names: `personas/<id>.json`. */
export const PersonaId = z
  .string()
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,99}$/, 'Persona ids are letters, digits, _ . - (at most 100).');
export type PersonaId = z.infer<typeof PersonaId>;

/** A persona as listed in the sidebar. */
export const PersonaSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  engine: z.string().nullable(),
  path: z.string(),
  updatedAt: z.number(),
});
export type PersonaSummary = z.infer<typeof PersonaSummary>;

/** A persona file that does not parse or validate: listed, never overwritten. */
export const BrokenPersona = z.object({
  id: z.string(),
  path: z.string(),
  error: ErrorValue,
});
export type BrokenPersona = z.infer<typeof BrokenPersona>;

/** The engine that answers: the first of `handlers`, else of the legacy `solvers`; null when there is none. */
export function engineIdOf(persona: { handlers?: string[]; solvers?: string[] }): string | null {
  return persona.handlers?.[0] ?? persona.solvers?.[0] ?? null;
}

/** The engine's config block, where the brain and toolbox blocks nest by plugin id; null when missing. */
export function engineBlockOf(persona: PersonaFile): Record<string, unknown> | null {
  const id = engineIdOf(persona);
  const block = id ? (persona as Record<string, unknown>)[id] : undefined;
  return block && typeof block === 'object' && !Array.isArray(block) ? (block as Record<string, unknown>) : null;
}
