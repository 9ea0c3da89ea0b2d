import { OPENAI_BRAIN_ID } from '../../../shared/plugins/brains/openai';
import { useApp } from '../../store/context';
import { apiKeyPath, brainBlockOf, engineIdOf, patchBrain } from '../../lib/persona-model';
import { plural } from '../../lib/plural';
import { CUSTOM_PROVIDER, PROVIDERS, providerOf } from '../../lib/providers';
import { BrainHint } from '../../components/BrainHint';
import { ErrorNotice } from '../../components/ErrorNotice';
import { TextField } from './Field';
import { useFieldIssues } from './use-field-issues';
import { useBrainProbe } from './use-brain-probe';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Models named in a hint before "and N more". */
const NAMED_MODELS = 5;

/** The model field's hint: what the server offers, and whether the typed model is among it (a run would fail). */
export function modelHelp(models: string[], model: string): string {
  if (!models.length) return 'Type a model name; the list fills in when the server answers.';
  const offered = `${plural(models.length, 'model')} offered by the server.`;
  if (!model || models.includes(model)) return offered;
  const named = models.slice(0, NAMED_MODELS).join(', ');
  const more = models.length > NAMED_MODELS ? ` and ${models.length - NAMED_MODELS} more` : '';
  return `The server does not offer '${model}': pick one of ${named}${more}.`;
}

/**
 * The OpenAI-compatible brain's hand-made settings, for what a generated form cannot do: provider presets, the
 * server's model list, the API key as a secret, and the connection test (the brain's own probe).
 */
export function OpenAIBrainSettings() {
  const draft = useApp((s) => s.draft)!;
  const record = useApp((s) => s.record);
  const selectedId = useApp((s) => s.selectedId);
  const update = useApp((s) => s.updateDraft);
  const issues = useFieldIssues();
  const block = brainBlockOf(draft);
  const url = str(block.api_url);
  const key = str(block.api_key);
  const model = str(block.model);
  const keyStored = !!record?.secretsSet.includes(apiKeyPath(draft));
  const provider = providerOf(url);
  const prefix = `${engineIdOf(draft)}.${OPENAI_BRAIN_ID}`;
  const { test, models, run } = useBrainProbe({
    brainId: OPENAI_BRAIN_ID,
    api_url: url,
    api_key: key || undefined,
    model: model || undefined,
    personaId: key ? undefined : (selectedId ?? undefined),
  });

  return (
    <>
      <div className="provider-pills" role="group" aria-label="Provider">
        {PROVIDERS.map((p) => (
          <button
            key={p.id}
            type="button"
            className="small"
            aria-pressed={provider === p.id}
            onClick={() => update((d) => patchBrain(d, { api_url: p.api_url }))}
          >
            {p.title}
          </button>
        ))}
        <button
          type="button"
          className="small"
          aria-pressed={provider === CUSTOM_PROVIDER}
          onClick={() => document.getElementById('brain-url')?.focus()}
        >
          Custom URL
        </button>
      </div>
      <div className="grid-2">
        <TextField
          id="brain-url"
          label="API URL"
          help="The /v1 base address (the full …/chat/completions URL works too)."
          errors={issues(`${prefix}.api_url`)}
          value={url}
          placeholder="http://localhost:11434/v1"
          onChange={(api_url) => update((d) => patchBrain(d, { api_url }))}
        />
        <TextField
          id="brain-model"
          label="Model"
          help={modelHelp(models, model)}
          errors={issues(`${prefix}.model`)}
          list="brain-models"
          value={model}
          placeholder="qwen2.5"
          onChange={(text) => update((d) => patchBrain(d, { model: text }))}
        >
          <datalist id="brain-models">
            {models.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </TextField>
        <TextField
          id="brain-key"
          label="API key"
          help={
            keyStored
              ? 'A key is stored for this persona (kept out of the persona file). Type to replace it.'
              : 'Not needed for local servers. Stored apart from the persona file.'
          }
          type="password"
          autoComplete="off"
          value={key}
          placeholder={keyStored ? '•••••••• (stored)' : 'none'}
          onChange={(api_key) => update((d) => patchBrain(d, { api_key }))}
        />
      </div>
      <label className="check" title="The brain config's vision key">
        <input
          id="brain-vision"
          type="checkbox"
          checked={block.vision === true}
          onChange={(e) => update((d) => patchBrain(d, { vision: e.target.checked || undefined }))}
        />
        The model accepts images: images from tools are sent to it (otherwise it reads a note with their type and size)
      </label>
      <div className="row wrap">
        <button
          type="button"
          data-testid="test-connection"
          onClick={() => void run()}
          disabled={!url || test.status === 'testing'}
        >
          {test.status === 'testing' ? <span className="spinner" /> : null} Test connection
        </button>
        {test.status === 'ok' && (
          <span className="badge ok test-result" data-testid="test-result">
            Connected in {Math.round(test.latencyMs)} ms · {plural(test.models, 'model')}
          </span>
        )}
      </div>
      {test.status === 'failed' && (
        <ErrorNotice error={test.error} testId="test-error">
          <BrainHint error={test.error} url={test.url} />
        </ErrorNotice>
      )}
    </>
  );
}
