import type { JsonSchema } from '../../../shared/domain/tool';
import { DEFAULT_MAX_ITERATIONS, DEFAULT_TOOL_TIMEOUT_S } from './loop-context';

/** What the persona editor shows for an engine: a title, a description, the JSON Schema of its config block. */
export interface EngineCatalogEntry {
  title: string;
  description: string;
  configSchema: JsonSchema;
}

const engineBlockSchema: JsonSchema = {
  type: 'object',
  properties: {
    brain: {
      type: 'string',
      title: 'Brain',
      description: "The brain's plugin id, e.g. 'ovos-chat-openai-plugin'; its config block nests under that id.",
    },
    max_iterations: {
      type: 'integer',
      title: 'Max iterations',
      minimum: 1,
      default: DEFAULT_MAX_ITERATIONS,
      description: 'Tool-call cycles before the engine forces a final answer (one more request without tools).',
    },
    system_prompt: {
      type: 'string',
      title: 'System prompt',
      description: 'Sent first, as a system message, on every request.',
    },
    toolboxes: {
      type: 'array',
      title: 'Toolboxes',
      items: { type: 'string' },
      uniqueItems: true,
      description: 'ToolBox ids; each config block nests under its id.',
    },
    tool_timeout_s: {
      type: 'number',
      title: 'Tool timeout (s)',
      exclusiveMinimum: 0,
      default: DEFAULT_TOOL_TIMEOUT_S,
      description: 'A tool call running longer fails with a timeout error that the model sees.',
    },
  },
};

/** The loop engines the persona editor offers, by OVOS id. */
export const ENGINES: Record<string, EngineCatalogEntry> = {
  'ovos-native-toolcall-loop': {
    title: 'Native tool calls',
    description:
      "The brain's own function calling: tools go out as `tools`, structured tool_calls come back, each result returns as a TOOL message. Falls back to ReAct when the brain does not support tools.",
    configSchema: engineBlockSchema,
  },
  'ovos-react-loop': {
    title: 'ReAct',
    description:
      'The text protocol (Thought / Action / Action Input / Observation / FINAL_ANSWER:) for any brain, tool-capable or not.',
    configSchema: engineBlockSchema,
  },
};
