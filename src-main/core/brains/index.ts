import type { JsonSchema } from '../../../shared/domain/tool';
import { DEFAULT_API_URL, OpenAIBrainConfig } from '../../../shared/domain/persona';
import { StudioError } from '../errors';
import type { ChatEngine } from './chat-engine';
import { DEFAULT_TIMEOUT_S, OPENAI_BRAIN_ID, OpenAIBrain } from './openai-brain';
import { REPLAY_BRAIN_ID, ReplayBrain } from './replay-brain';

export { BrainError } from './brain-error';
export type { BrainMessage, ChatEngine, ChatOptions } from './chat-engine';
export { OpenAIBrain, normalizeApiUrl, OPENAI_BRAIN_ID } from './openai-brain';
export { ReplayBrain, REPLAY_BRAIN_ID } from './replay-brain';
export { probeBrain, type ProbeResult } from './probe';

/** What the catalog and the persona editor know about a brain, and how to build one from its config block. */
export interface BrainEntry {
  title: string;
  description: string;
  configSchema: JsonSchema;
  create(config: Record<string, unknown>): ChatEngine;
}

/** Known OpenAI-compatible servers and their default addresses (the editor offers them as presets). */
export const BRAIN_PRESETS = [
  { id: 'ollama', title: 'Ollama', api_url: 'http://localhost:11434/v1', needsKey: false },
  { id: 'llama.cpp', title: 'llama.cpp server', api_url: 'http://localhost:8080/v1', needsKey: false },
  { id: 'lm-studio', title: 'LM Studio', api_url: 'http://localhost:1234/v1', needsKey: false },
  { id: 'vllm', title: 'vLLM', api_url: 'http://localhost:8000/v1', needsKey: false },
  { id: 'openai', title: 'OpenAI', api_url: 'https://api.openai.com/v1', needsKey: true },
] as const;

const openAIConfigSchema: JsonSchema = {
  type: 'object',
  required: ['model'],
  properties: {
    model: {
      type: 'string',
      title: 'Model',
      description: 'As the server names it: "qwen2.5" (Ollama), "gpt-4o-mini" (OpenAI)...',
    },
    api_url: {
      type: 'string',
      title: 'API URL',
      default: DEFAULT_API_URL,
      description: 'The /v1 base or the full /v1/chat/completions URL; both work.',
    },
    api_key: {
      type: 'string',
      title: 'API key',
      description: 'Sent as a Bearer token. Local servers need none ("not-needed" is sent).',
    },
    supports_tools: {
      type: 'boolean',
      title: 'Native tool calls',
      default: true,
      description:
        'The model does OpenAI function calling. Off: the native engine uses the ReAct text protocol instead.',
    },
    temperature: {
      type: 'number',
      title: 'Temperature',
      minimum: 0,
      maximum: 2,
      description: "Left out of requests when empty (the server's default).",
    },
    timeout: {
      type: 'number',
      title: 'Timeout (s)',
      exclusiveMinimum: 0,
      default: DEFAULT_TIMEOUT_S,
      description:
        'A request without an answer (or a stream without a chunk) for this long fails as brain_unreachable.',
    },
  },
};

const presetsText = BRAIN_PRESETS.map((p) => `${p.title} ${p.api_url}`).join('; ');

/** The brains this app implements, by OVOS plugin id. */
export const BRAINS: Record<string, BrainEntry> = {
  [OPENAI_BRAIN_ID]: {
    title: 'OpenAI-compatible',
    description: `Any server speaking OpenAI chat completions, streaming and tool calls included. Addresses: ${presetsText}. No silent retries: refused connections, bad keys, unknown models, rate limits and timeouts show up as errors with the server's own message.`,
    configSchema: openAIConfigSchema,
    create: (config) => {
      const parsed = OpenAIBrainConfig.safeParse(config);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({
          path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
          message: i.message,
        }));
        const text = issues.map((i) => `${i.path.join('.') || '(block)'}: ${i.message}`).join('; ');
        throw new StudioError('persona_invalid', `The ${OPENAI_BRAIN_ID} config block is invalid: ${text}`, { issues });
      }
      return new OpenAIBrain(parsed.data);
    },
  },
  [REPLAY_BRAIN_ID]: {
    title: 'Replay',
    description:
      "Plays a recorded session's assistant turns back in order (text, tool calls, raw exchange), whatever it is asked: re-run a loop deterministically against changed tools.",
    configSchema: {
      type: 'object',
      required: ['session_file'],
      properties: {
        session_file: {
          type: 'string',
          title: 'Session file',
          description: 'A session JSONL file (sessions/<id>.jsonl).',
        },
      },
    },
    create: (config) => {
      if (Array.isArray(config.events)) return new ReplayBrain({ events: config.events });
      if (typeof config.session_file === 'string') return new ReplayBrain({ session_file: config.session_file });
      throw new StudioError(
        'persona_invalid',
        'The replay brain needs "session_file" (a recorded session JSONL file).',
      );
    },
  },
};

/** A brain from its id and config block; null for an id this app does not implement. */
export function createBrain(id: string, config: Record<string, unknown> = {}): ChatEngine | null {
  const entry = BRAINS[id];
  return entry ? entry.create(config) : null;
}
