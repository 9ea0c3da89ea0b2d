import type { ErrorValue } from '../../../../shared/domain/errors';
import { DEFAULT_API_URL } from '../../../../shared/domain/persona';
import type { BrainProbe } from '../../../../shared/ipc/contract';
import { probeBrain } from '../../brains/probe';
import { StudioError } from '../../errors';
import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';

const sameUrl = (a: string, b: string) => a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '');

/**
 * The key to probe with: the one given, else a key stored for this persona, but only one saved together
 * with this very api_url (the OpenAI brain's first). A stored key never goes to another address: the
 * editor probes while the user types a new URL, and a key for one provider must not reach another.
 */
async function keyFor(app: AppContext, input: BrainProbe): Promise<string | undefined> {
  if (input.api_key) return input.api_key;
  if (!input.personaId) return undefined;
  const found: Array<{ where: string; key: string }> = [];
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    const block = node as Record<string, unknown>;
    if (
      typeof block.api_key === 'string' &&
      block.api_key &&
      sameUrl(typeof block.api_url === 'string' ? block.api_url : DEFAULT_API_URL, input.api_url)
    )
      found.push({ where, key: block.api_key });
    for (const [name, value] of Object.entries(block)) walk(value, where ? `${where}.${name}` : name);
  };
  walk(await app.personas.loadWithSecrets(input.personaId), '');
  return (found.find((f) => f.where.includes('ovos-chat-openai-plugin')) ?? found[0])?.key;
}

/** Says plainly when nothing answers at the address (the usual case: Ollama is not running). */
function explain(error: ErrorValue | null, apiUrl: string): ErrorValue | null {
  if (!error || error.code !== 'brain_unreachable') return error;
  return {
    ...error,
    message: `No server answers at ${apiUrl}. Start Ollama (or another OpenAI-compatible server) there, or change api_url. (${error.message})`,
  };
}

/** brains.test (connect, list models, time it) and brains.models. */
export function brainHandlers(app: AppContext): Pick<Handlers, 'brains.test' | 'brains.models'> {
  return {
    'brains.test': async (input) => {
      const result = await probeBrain({
        api_url: input.api_url,
        api_key: await keyFor(app, input),
        model: input.model,
      });
      return {
        ok: result.ok,
        latencyMs: result.latencyMs,
        models: result.models,
        error: explain(result.error ?? null, input.api_url),
      };
    },
    'brains.models': async (input) => {
      const result = await probeBrain({
        api_url: input.api_url,
        api_key: await keyFor(app, input),
        model: input.model,
      });
      if (!result.ok && !result.models.length && result.error) {
        const error = explain(result.error, input.api_url)!;
        throw new StudioError(error.code, error.message, error.details);
      }
      return { models: result.models };
    },
  };
}
