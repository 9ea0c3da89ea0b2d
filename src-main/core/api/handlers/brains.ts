import type { ErrorValue } from '../../../../shared/domain/errors';
import type { BrainProbe } from '../../../../shared/ipc/contract';
import { probeBrain } from '../../brains/probe';
import { StudioError } from '../../errors';
import type { AppContext } from '../app-context';
import type { Handlers } from '../dispatch';

/** The key to probe with: the one given, else the persona's stored key (the OpenAI brain's first). */
async function keyFor(app: AppContext, input: BrainProbe): Promise<string | undefined> {
  if (input.api_key) return input.api_key;
  if (!input.personaId) return undefined;
  const stored = Object.entries(await app.secrets.get(input.personaId)).filter(([p]) => p.endsWith('api_key'));
  return (stored.find(([p]) => p.includes('ovos-chat-openai-plugin')) ?? stored[0])?.[1];
}

/** Says plainly when nothing answers at the address (the usual case: Ollama is not running). */
function explain(error: ErrorValue | null, apiUrl: string): ErrorValue | null {
  if (!error || error.code !== 'brain_unreachable') return error;
  return { ...error, message: `No server answers at ${apiUrl}. Start Ollama (or another OpenAI-compatible server) there, or change api_url. (${error.message})` };
}

/** brains.test (connect, list models, time it) and brains.models. */
export function brainHandlers(app: AppContext): Pick<Handlers, 'brains.test' | 'brains.models'> {
  return {
    'brains.test': async (input) => {
      const result = await probeBrain({ api_url: input.api_url, api_key: await keyFor(app, input), model: input.model });
      return { ok: result.ok, latencyMs: result.latencyMs, models: result.models, error: explain(result.error ?? null, input.api_url) };
    },
    'brains.models': async (input) => {
      const result = await probeBrain({ api_url: input.api_url, api_key: await keyFor(app, input), model: input.model });
      if (!result.ok && !result.models.length && result.error) {
        const error = explain(result.error, input.api_url)!;
        throw new StudioError(error.code, error.message, error.details);
      }
      return { models: result.models };
    },
  };
}
