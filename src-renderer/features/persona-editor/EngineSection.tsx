import { useApp } from '../../store/context';
import { engineBlockOf, engineIdOf, patchEngine, switchEngine } from '../../lib/persona-model';
import { Field, TextField } from './Field';
import { formSchemaOf, hasFormFields, PluginConfigForm } from './PluginConfigForm';
import { PluginSelect } from '../../components/PluginSelect';
import { useFieldIssues } from './use-field-issues';
import { engineEntryOf, engineReads } from '../../lib/engine-keys';

/** Engine-block keys other controls edit: the brain section, the basics (prompt), the toolboxes, the field below. */
const EDITED_ELSEWHERE = ['brain', 'system_prompt', 'toolboxes', 'max_iterations'] as const;

/**
 * The loop engine (from the catalog), its iteration limit (when it has one), and a form for the rest of its config
 * schema.
 */
export function EngineSection() {
  const draft = useApp((s) => s.draft)!;
  const catalog = useApp((s) => s.catalog);
  const update = useApp((s) => s.updateDraft);
  const issues = useFieldIssues();
  const engineId = engineIdOf(draft);
  const block = engineBlockOf(draft);
  const engines = catalog?.engines ?? [];
  const current = engineEntryOf(catalog, engineId);
  const rest = current ? formSchemaOf(current.configSchema, EDITED_ELSEWHERE) : null;
  const max = block.max_iterations;
  // An engine that does not read max_iterations counts its own rounds (its settings below): no field for it.
  const iterations = engineReads(current, 'max_iterations');
  return (
    <section className="card section" aria-labelledby="engine-h">
      <h3 id="engine-h">Loop engine</h3>
      <div className="grid-2">
        <Field
          id="persona-engine"
          label="Engine"
          help={
            current?.description ||
            (catalog
              ? 'This engine is not installed here; its settings are kept as they are in the JSON.'
              : 'Loading the installed engines…')
          }
          errors={issues('handlers')}
        >
          <PluginSelect
            id="persona-engine"
            value={current?.id ?? engineId}
            plugins={engines}
            catalogKnown={catalog !== null}
            onChange={(id) => update((p) => switchEngine(p, id))}
          />
        </Field>
        {iterations && (
          <TextField
            id="persona-max-iterations"
            label="Max iterations"
            help="Model turns with tool calls before a final answer is forced."
            errors={issues(`${engineId}.max_iterations`)}
            type="number"
            min={1}
            value={typeof max === 'number' ? max : ''}
            onChange={(text) =>
              update((p) => patchEngine(p, { max_iterations: text === '' ? undefined : Number(text) }))
            }
          />
        )}
      </div>
      {rest && hasFormFields(rest) && (
        <PluginConfigForm
          schema={rest}
          block={block}
          idPrefix={`engine-${engineId.replace(/[^\w-]/g, '_')}`}
          label={`${current!.title} settings`}
          onChange={(patch) => update((p) => patchEngine(p, patch))}
        />
      )}
    </section>
  );
}
