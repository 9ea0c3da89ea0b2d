/** OpenAI-compatible servers the brain editor offers as presets. */
export interface ProviderPreset {
  id: string;
  label: string;
  url: string;
  needsKey: boolean;
  hint: string;
}

export const PROVIDERS: ProviderPreset[] = [
  {
    id: 'ollama',
    label: 'Ollama',
    url: 'http://localhost:11434/v1',
    needsKey: false,
    hint: 'Start it with `ollama serve`, then `ollama pull qwen2.5`.',
  },
  {
    id: 'lmstudio',
    label: 'LM Studio',
    url: 'http://localhost:1234/v1',
    needsKey: false,
    hint: 'In LM Studio, open Developer and start the local server.',
  },
  {
    id: 'llamacpp',
    label: 'llama.cpp server',
    url: 'http://localhost:8080/v1',
    needsKey: false,
    hint: 'Run `llama-server -m model.gguf --jinja` (tool calls need --jinja).',
  },
  {
    id: 'openai',
    label: 'OpenAI',
    url: 'https://api.openai.com/v1',
    needsKey: true,
    hint: 'Needs an API key from platform.openai.com.',
  },
];

export const CUSTOM_PROVIDER = 'custom';

/** `/v1` base of an api_url, which may also be the full `/v1/chat/completions` URL. */
export function baseUrl(url: string): string {
  return url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/chat\/completions$/, '');
}

/** The preset whose URL matches, or 'custom'. */
export function providerOf(url: string | undefined): string {
  if (!url) return CUSTOM_PROVIDER;
  const base = baseUrl(url).replace('127.0.0.1', 'localhost');
  return PROVIDERS.find((p) => p.url === base)?.id ?? CUSTOM_PROVIDER;
}

/** What to do when nothing answers at `url`. */
export function unreachableHint(url: string): string {
  const preset = PROVIDERS.find((p) => p.id === providerOf(url));
  return preset ? preset.hint : 'Check that the server is running and that the URL ends with /v1.';
}
