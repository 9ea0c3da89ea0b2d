import { apiBaseOf, OPENAI_PRESETS, presetOf } from '../../shared/plugins/brains/openai';

/** The OpenAI-compatible servers the brain editor offers as presets (the brain's own list, in shared/). */
export const PROVIDERS = OPENAI_PRESETS;

export const CUSTOM_PROVIDER = 'custom';

/** `/v1` base of an api_url, which may also be the full `/v1/chat/completions` URL. */
export const baseUrl = apiBaseOf;

/** The preset whose URL matches, or 'custom'. */
export function providerOf(url: string | undefined): string {
  return presetOf(url)?.id ?? CUSTOM_PROVIDER;
}

/** What to do when nothing answers at `url`: the matching preset's own hint. */
export function unreachableHint(url: string): string {
  return presetOf(url)?.hint ?? 'Check that the server is running and that the URL ends with /v1.';
}
