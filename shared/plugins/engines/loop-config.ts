import { z } from 'zod';

/**
 * Config block of the loop engines (OVOS's agentic loops): the brain and toolbox ids, whose blocks nest inside it
 * by plugin id (kept as they are), and the loop's limits. Its defaults are the only ones.
 */
export const LoopEngineConfig = z.looseObject({
  brain: z.string().optional().meta({
    title: 'Brain',
    description: "The brain's plugin id, e.g. 'ovos-chat-openai-plugin'; its config block nests under that id.",
  }),
  max_iterations: z
    .number()
    .int('max_iterations is a whole number.')
    .positive('max_iterations must be at least 1.')
    .default(10)
    .meta({
      title: 'Max iterations',
      description: 'Tool-call cycles before the engine forces a final answer (one more request without tools).',
    }),
  system_prompt: z
    .string()
    .optional()
    .meta({ title: 'System prompt', description: 'Sent first, as a system message, on every request.' }),
  toolboxes: z
    .array(z.string())
    .optional()
    .meta({ title: 'Toolboxes', description: 'ToolBox ids; each config block nests under its id.' }),
  tool_timeout_s: z.number().positive('tool_timeout_s must be more than 0 seconds.').default(30).meta({
    title: 'Tool timeout (s)',
    description: 'A tool call running longer fails with a timeout error that the model sees.',
  }),
  max_tool_result_chars: z
    .number()
    .int('max_tool_result_chars is a whole number.')
    .positive('max_tool_result_chars must be at least 1.')
    .default(32_000)
    .meta({
      title: 'Max tool result (characters)',
      description:
        'The most text of one tool result fed back to the model (32,000 characters: about 8,000 tokens). A longer text is cut there with a note the model sees, and the trace warns; the trace keeps the whole result. Images and audio are not counted (they go as image parts or short notes).',
    }),
});
export type LoopEngineConfig = z.infer<typeof LoopEngineConfig>;

/** The loop's defaults, read from the schema. */
export const LOOP_DEFAULTS = LoopEngineConfig.parse({});

/**
 * The loop's keys for an engine whose own limits replace `max_iterations` (Plan and execute, Self-ask, Critic):
 * it calls tools, but not in a loop that `max_iterations` counts, so the editor does not offer that field.
 */
export const ToolsNoIterationsConfig = LoopEngineConfig.omit({ max_iterations: true });

/**
 * The loop's keys for an engine that calls no tools and counts its own rounds (Chain of thought, Tree of thoughts):
 * `max_iterations` and the tool limits would do nothing there. A file that has them keeps them.
 */
export const PromptOnlyConfig = LoopEngineConfig.omit({
  max_iterations: true,
  tool_timeout_s: true,
  max_tool_result_chars: true,
});

/** The loop's keys (brain, limits, prompt, toolboxes) an engine's config names. */
export const LOOP_KEYS: readonly string[] = Object.keys(LoopEngineConfig.shape);
