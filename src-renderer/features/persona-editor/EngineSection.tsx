import { ENGINE_IDS } from '../../../shared/domain/persona';
import { useApp } from '../../store/context';
import { engineBlockOf, engineIdOf, patchEngine, switchEngine } from '../../lib/persona-model';
import { Field } from './Field';
import { useFieldIssues } from './use-field-issues';

const FALLBACK_TITLES: Record<string, string> = {
  'ovos-native-toolcall-loop': 'Native tool calls',
  'ovos-react-loop': 'ReAct (text protocol)',
};

/** The loop engine and its limits. */
export function EngineSection() {
  const draft = useApp((s) => s.draft)!;
  const catalog = useApp((s) => s.catalog);
  const update = useApp((s) => s.updateDraft);
  const issues = useFieldIssues();
  const engineId = engineIdOf(draft);
  const block = engineBlockOf(draft);
  const engines = catalog?.engines.length
    ? catalog.engines
    : ENGINE_IDS.map((id) => ({ id, title: FALLBACK_TITLES[id], description: '' }));
  const known = engines.some((e) => e.id === engineId);
  const current = engines.find((e) => e.id === engineId);
  const max = block.max_iterations;
  return (
    <section className="card section" aria-labelledby="engine-h">
      <h3 id="engine-h">Loop engine</h3>
      <div className="grid-2">
        <Field
          id="persona-engine"
          label="Engine"
          help={
            current?.description ||
            'Native tool calls need a model that supports function calling; ReAct works with any model.'
          }
          errors={issues('handlers')}
        >
          <select id="persona-engine" value={engineId} onChange={(e) => update((p) => switchEngine(p, e.target.value))}>
            {!known && <option value={engineId}>{engineId} (not installed)</option>}
            {engines.map((e) => (
              <option key={e.id} value={e.id}>
                {e.title}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="persona-max-iterations"
          label="Max iterations"
          help="Model turns with tool calls before a final answer is forced."
          errors={issues(`${engineId}.max_iterations`)}
        >
          <input
            id="persona-max-iterations"
            type="number"
            min={1}
            value={typeof max === 'number' ? max : ''}
            aria-invalid={issues(`${engineId}.max_iterations`).length > 0}
            onChange={(e) =>
              update((p) =>
                patchEngine(p, { max_iterations: e.target.value === '' ? undefined : Number(e.target.value) }),
              )
            }
          />
        </Field>
      </div>
    </section>
  );
}
