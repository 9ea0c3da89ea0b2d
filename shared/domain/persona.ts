import { z } from 'zod';
import { ErrorValue } from './errors';

/** Plugin ids this app implements (the OVOS ids, so persona files move between OVOS and the app). */
export const ENGINE_IDS = ['ovos-native-toolcall-loop', 'ovos-react-loop'] as const;
export const BRAIN_IDS = ['ovos-chat-openai-plugin', 'replay'] as const;
export const DEFAULT_ENGINE = 'ovos-native-toolcall-loop';
export const DEFAULT_BRAIN = 'ovos-chat-openai-plugin';
/** Ollama's default OpenAI-compatible address. */
export const DEFAULT_API_URL = 'http://localhost:11434/v1';

/** Config block of the OpenAI-compatible brain (`ovos-chat-openai-plugin`). */
export const OpenAIBrainConfig = z.looseObject({
  model: z.string().optional(),
  api_url: z.string().optional(),
  api_key: z.string().optional(),
  supports_tools: z.boolean().optional(),
  temperature: z.number().optional(),
  /** Seconds without any data from the server (before the first byte, or between chunks of a stream). */
  timeout: z.number().positive().optional(),
  /** Seconds one reply may take in all, however steadily it streams. */
  total_timeout: z.number().positive().optional(),
  /** Characters one reply may hold (text, reasoning and tool-call arguments together). */
  max_reply_chars: z.number().int().positive().optional(),
});
export type OpenAIBrainConfig = z.infer<typeof OpenAIBrainConfig>;

/** Config block of a loop engine; brain and toolbox blocks nest inside it by plugin id. */
export const EngineConfig = z.looseObject({
  brain: z.string().optional(),
  max_iterations: z
    .number()
    .int('max_iterations is a whole number.')
    .positive('max_iterations must be at least 1.')
    .optional(),
  system_prompt: z.string().optional(),
  toolboxes: z.array(z.string()).optional(),
  tool_timeout_s: z.number().positive('tool_timeout_s must be more than 0 seconds.').optional(),
  /** The longest tool result (characters) fed back to the model; longer ones are cut, saying so. */
  max_tool_result_chars: z.number().int().positive('max_tool_result_chars must be at least 1.').optional(),
});
export type EngineConfig = z.infer<typeof EngineConfig>;

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
