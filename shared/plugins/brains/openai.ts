import { z } from 'zod';

/** The OVOS id of the OpenAI-compatible brain. */
export const OPENAI_BRAIN_ID = 'ovos-chat-openai-plugin';
/** Ollama's default OpenAI-compatible address. */
export const DEFAULT_API_URL = 'http://localhost:11434/v1';

/** Known OpenAI-compatible servers: the editor's presets, the brain's description, and what to do when one is down. */
export const OPENAI_PRESETS = [
  {
    id: 'ollama',
    title: 'Ollama',
    api_url: 'http://localhost:11434/v1',
    needsKey: false,
    hint: 'Start it with `ollama serve`, then `ollama pull qwen2.5`.',
  },
  {
    id: 'lmstudio',
    title: 'LM Studio',
    api_url: 'http://localhost:1234/v1',
    needsKey: false,
    hint: 'In LM Studio, open Developer and start the local server.',
  },
  {
    id: 'llamacpp',
    title: 'llama.cpp server',
    api_url: 'http://localhost:8080/v1',
    needsKey: false,
    hint: 'Run `llama-server -m model.gguf --jinja` (tool calls need --jinja).',
  },
  {
    id: 'vllm',
    title: 'vLLM',
    api_url: 'http://localhost:8000/v1',
    needsKey: false,
    hint: 'Run `vllm serve <model> --enable-auto-tool-choice --tool-call-parser <parser>`.',
  },
  {
    id: 'openai',
    title: 'OpenAI',
    api_url: 'https://api.openai.com/v1',
    needsKey: true,
    hint: 'Needs an API key from platform.openai.com.',
  },
] as const;
export type OpenAIPreset = (typeof OPENAI_PRESETS)[number];

/** `/v1` base of an api_url, which may also be the full `/v1/chat/completions` URL. */
export function apiBaseOf(url: string): string {
  return url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/chat\/completions$/, '')
    .replace(/\/+$/, '');
}

/** The preset whose address this is (127.0.0.1 and localhost alike), or null. */
export function presetOf(url: string | undefined): OpenAIPreset | null {
  if (!url) return null;
  const base = apiBaseOf(url).replace('127.0.0.1', 'localhost');
  return OPENAI_PRESETS.find((p) => p.api_url === base) ?? null;
}

const MODEL_NEEDED = 'The brain needs a model name, e.g. "qwen2.5" (Ollama) or "gpt-4o-mini" (OpenAI).';
const SAMPLING = "Left out of requests when empty (the server's default).";

/**
 * Config block of `ovos-chat-openai-plugin`: the keys OVOS persona files use. Each reaches the request (body, URL,
 * Authorization or timeout); `key` and `allow_system_prompts` are ignored (see the README). Unknown keys are kept.
 */
export const OpenAIBrainConfig = z.looseObject({
  model: z
    .string({ error: MODEL_NEEDED })
    .trim()
    .min(1, MODEL_NEEDED)
    .meta({ title: 'Model', description: 'As the server names it: "qwen2.5" (Ollama), "gpt-4o-mini" (OpenAI)...' }),
  api_url: z
    .string()
    .default(DEFAULT_API_URL)
    .meta({ title: 'API URL', description: 'The /v1 base or the full /v1/chat/completions URL; both work.' }),
  api_key: z.string().optional().meta({
    title: 'API key',
    description: 'Sent as a Bearer token. Local servers need none ("not-needed" is sent).',
  }),
  supports_tools: z.boolean().default(true).meta({
    title: 'Native tool calls',
    description: 'The model does OpenAI function calling. Off: the native engine uses the ReAct text protocol instead.',
  }),
  vision: z.boolean().default(false).meta({
    title: 'Accepts images',
    description:
      "The model reads images: a tool's image result is sent to it as an image part (a user message after the TOOL messages). Off: it gets a short note naming the image's type and size.",
  }),
  temperature: z.number().min(0).max(2).optional().meta({ title: 'Temperature', description: SAMPLING }),
  max_tokens: z
    .number()
    .int()
    .optional()
    .meta({
      title: 'Max tokens',
      description: `The longest reply, in tokens (-1 or empty: no limit sent). ${SAMPLING}`,
    }),
  top_p: z.number().min(0).max(1).optional().meta({ title: 'Top p', description: SAMPLING }),
  frequency_penalty: z.number().min(-2).max(2).optional().meta({ title: 'Frequency penalty', description: SAMPLING }),
  presence_penalty: z.number().min(-2).max(2).optional().meta({ title: 'Presence penalty', description: SAMPLING }),
  stop_token: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .meta({ title: 'Stop', description: 'Stop sequence(s), sent as `stop`.' }),
  extra_params: z.record(z.string(), z.unknown()).optional().meta({
    title: 'Extra request fields',
    description: 'Merged into the request body as they are (e.g. {"reasoning_effort": "low"}); null removes a field.',
  }),
  system_prompt: z.string().optional().meta({
    title: 'Brain system prompt',
    description: "Sent as the first system message when the conversation has none (the persona's own prompt wins).",
  }),
  timeout: z.number().positive().default(60).meta({
    title: 'Timeout (s)',
    description:
      'A request without an answer (or a stream without a chunk that brings data) for this long fails as brain_unreachable.',
  }),
  total_timeout: z.number().positive().default(600).meta({
    title: 'Total timeout (s)',
    description: 'One reply may take this long in all, however steadily it streams; then it is stopped.',
  }),
  max_reply_chars: z
    .number()
    .int()
    .positive()
    .default(8 * 1024 * 1024)
    .meta({
      title: 'Max reply (characters)',
      description: 'A longer reply (text, reasoning and tool-call arguments together) is cut there and the run fails.',
    }),
});
export type OpenAIBrainConfig = z.infer<typeof OpenAIBrainConfig>;
