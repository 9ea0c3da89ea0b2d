import { OPENAI_BRAIN_ID } from '../../../shared/plugins/brains/openai';
import { useApp } from '../../store/context';
import { brainBlockOf, brainIdOf, patchBrain, patchEngine } from '../../lib/persona-model';
import { Field } from './Field';
import { OpenAIBrainSettings } from './OpenAIBrainSettings';
import { BrainMoreSettings } from './BrainMoreSettings';
import { formSchemaOf, hasFormFields, PluginConfigForm } from './PluginConfigForm';
import { PluginSelect } from '../../components/PluginSelect';

/**
 * The brain: which one (from the catalog), then its settings: the OpenAI-compatible brain's hand-made section and
 * the rest of its config schema folded below it, any other brain's form generated from its config schema.
 */
export function BrainSection() {
  const draft = useApp((s) => s.draft)!;
  const catalog = useApp((s) => s.catalog);
  const update = useApp((s) => s.updateDraft);
  const selectedId = useApp((s) => s.selectedId);
  const brainId = brainIdOf(draft);
  const brains = catalog?.brains ?? [];
  const entry = brains.find((b) => b.id === brainId);
  const openai = brainId === OPENAI_BRAIN_ID;
  const schema = entry ? formSchemaOf(entry.configSchema) : null;
  return (
    <section className="card section" aria-labelledby="brain-h">
      <div className="section-head">
        <h3 id="brain-h">{openai ? 'Brain (OpenAI-compatible server)' : `Brain (${entry?.title ?? brainId})`}</h3>
      </div>
      {brains.length > 1 && (
        <Field id="persona-brain" label="Brain" help={openai ? undefined : entry?.description}>
          <PluginSelect
            id="persona-brain"
            value={brainId}
            plugins={brains}
            onChange={(brain) => update((p) => patchEngine(p, { brain }))}
          />
        </Field>
      )}
      {openai ? (
        <>
          <OpenAIBrainSettings />
          {entry && <BrainMoreSettings key={selectedId ?? 'new'} schema={entry.configSchema} brainId={brainId} />}
        </>
      ) : entry && schema && hasFormFields(schema) ? (
        <PluginConfigForm
          schema={schema}
          block={brainBlockOf(draft)}
          idPrefix={`brain-${brainId.replace(/[^\w-]/g, '_')}`}
          label={`${entry.title} settings`}
          onChange={(patch) => update((p) => patchBrain(p, patch))}
        />
      ) : (
        <p className="muted">
          {entry
            ? `The ${entry.title} brain has no settings.`
            : `This persona uses the ${brainId} brain, which is not installed here; its settings are kept as they are in the JSON.`}
        </p>
      )}
    </section>
  );
}
