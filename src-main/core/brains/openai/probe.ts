import type { ErrorValue } from '../../../../shared/domain/errors';
import type { ProbeResult } from '../brain-descriptor';
import { normalizeApiUrl } from './openai-brain';
import { describeNetworkCause, providerMessageOf } from './openai-errors';

export type { ProbeResult };

/** What the OpenAI-compatible probe needs. */
export interface BrainProbe {
  api_url: string;
  api_key?: string;
  model?: string;
}

const DEFAULT_PROBE_TIMEOUT_MS = 5000;

/**
 * Checks an OpenAI-compatible server from the persona editor: `GET <base>/models`. Never throws; says plainly
 * when nothing listens, when the key is refused, and when the named model is not among the server's models.
 */
export async function probeBrain(
  probe: BrainProbe,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ProbeResult> {
  const base = normalizeApiUrl(probe.api_url);
  const url = `${base}/models`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const started = performance.now();
  const result = (error: ErrorValue | null, models: string[] = []): ProbeResult => ({
    ok: error === null,
    latencyMs: Math.round(performance.now() - started),
    models,
    error,
  });

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${probe.api_key || 'not-needed'}`, accept: 'application/json' },
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) return result({ code: 'cancelled', message: 'Cancelled.' });
    if (timeout.aborted)
      return result({ code: 'brain_unreachable', message: `No answer from ${base} within ${timeoutMs / 1000} s.` });
    return result({
      code: 'brain_unreachable',
      message: `Cannot reach ${base}: ${describeNetworkCause(error, base)}.`,
    });
  }

  if (response.status === 404) {
    // The server answers but does not list models (some llama.cpp / proxy setups): reachable, nothing to check.
    return result(null);
  }
  if (!response.ok) {
    const { message } = providerMessageOf(text);
    const hint = response.status === 401 || response.status === 403 ? ' Check the api_key.' : '';
    return result({
      code: 'brain_bad_response',
      message: `${base} answered HTTP ${response.status}: ${message}${hint}`,
      details: { status: response.status },
    });
  }
  let models: string[];
  try {
    const json = JSON.parse(text) as {
      data?: Array<{ id?: unknown }>;
      models?: Array<{ name?: unknown; model?: unknown }>;
    };
    const list = Array.isArray(json.data)
      ? json.data.map((m) => m?.id)
      : Array.isArray(json.models)
        ? json.models.map((m) => m?.model ?? m?.name)
        : null;
    if (!list) throw new Error('no data list');
    models = list.filter((id): id is string => typeof id === 'string');
  } catch {
    return result({
      code: 'brain_bad_response',
      message: `${url} did not answer with a model list (is it an OpenAI-compatible /v1 address?): ${text.trim().slice(0, 200) || '(empty body)'}`,
    });
  }
  // Ollama lists `name:latest` and accepts `name` for it.
  if (probe.model && models.length > 0 && !models.includes(probe.model) && !models.includes(`${probe.model}:latest`)) {
    const shown = models.slice(0, 20).join(', ') + (models.length > 20 ? ', …' : '');
    return result(
      {
        code: 'brain_bad_response',
        message: `The server at ${base} answers, but has no model '${probe.model}'. Its models: ${shown}.`,
        details: { models },
      },
      models,
    );
  }
  return result(null, models);
}
