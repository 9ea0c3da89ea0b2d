import type { ErrorValue } from '../../../../shared/domain/errors';
import { DEFAULT_API_URL, presetOf } from '../../../../shared/plugins/brains/openai';
import type { BrainProbe } from '../../../../shared/ipc/contract';
import type { ProbeResult } from '../../brains/brain-descriptor';
import { OLLAMA_START_HINT } from '../../brains/openai/openai-errors';
import { StudioError } from '../../errors';
import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';

const sameUrl = (a: string, b: string) => a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '');

/**
 * The key to probe with: the one given, else a key stored for this persona, but only one saved together
 * with this very api_url (the probed brain's block first). A stored key never goes to another address: the
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
  return (found.find((f) => f.where.includes(input.brainId)) ?? found[0])?.key;
}

/**
 * Says plainly when nothing answers at the address, with what to start there (the preset's own hint); the cause
 * follows whole, less its own Ollama hint when this one says it.
 */
export function explainUnreachable(error: ErrorValue | null, apiUrl: string): ErrorValue | null {
  if (!error || error.code !== 'brain_unreachable') return error;
  const preset = presetOf(apiUrl);
  const ollama = !preset || preset.id === 'ollama';
  const what = ollama
    ? 'Start Ollama (`ollama serve`) or another OpenAI-compatible server there'
    : `Start ${preset.title} there (${preset.hint.replace(/\.$/, '')})`;
  const cause = ollama ? error.message.replace(OLLAMA_START_HINT, '') : error.message;
  return { ...error, message: `No server answers at ${apiUrl}. ${what}, or change api_url. (${cause})` };
}

/** Runs the probed brain's own connection test; a brain without one says so. */
async function probe(app: AppContext, input: BrainProbe): Promise<ProbeResult> {
  const descriptor = app.brains.find((b) => b.id === input.brainId);
  if (!descriptor) throw new StudioError('not_found', `No brain '${input.brainId}' here.`);
  if (!descriptor.probe)
    return {
      ok: false,
      latencyMs: 0,
      models: [],
      error: { code: 'bad_input', message: `The ${descriptor.title} brain (${descriptor.id}) has no connection test.` },
    };
  const { personaId: _personaId, ...rest } = input;
  const result = await descriptor.probe({ ...rest, api_key: await keyFor(app, input) });
  return { ...result, error: explainUnreachable(result.error ?? null, input.api_url) };
}

/** brains.test (connect, list models, time it) and brains.models, each asking the brain's own probe. */
export function brainHandlers(app: AppContext): Pick<Handlers, 'brains.test' | 'brains.models'> {
  return {
    'brains.test': async (input) => {
      const { ok, latencyMs, models, error } = await probe(app, input);
      return { ok, latencyMs, models, error };
    },
    'brains.models': async (input) => {
      const result = await probe(app, input);
      if (!result.ok && !result.models.length && result.error) {
        throw new StudioError(result.error.code, result.error.message, result.error.details);
      }
      return { models: result.models };
    },
  };
}
