import { useApp } from '../../store/context';
import { engineIdOf, patchEngine, engineBlockOf } from '../../lib/persona-model';
import { Field } from './Field';
import { useFieldIssues } from './use-field-issues';

/** Name, description and the system prompt. */
export function BasicsSection() {
  const draft = useApp((s) => s.draft)!;
  const update = useApp((s) => s.updateDraft);
  const issues = useFieldIssues();
  const engineId = engineIdOf(draft);
  const prompt = engineBlockOf(draft).system_prompt;
  return (
    <section className="card section" aria-labelledby="basics-h">
      <h3 id="basics-h">Persona</h3>
      <div className="grid-2">
        <Field id="persona-name" label="Name" errors={issues('name')}>
          <input
            id="persona-name"
            value={draft.name}
            aria-invalid={issues('name').length > 0}
            onChange={(e) => update((p) => ({ ...p, name: e.target.value }))}
          />
        </Field>
        <Field id="persona-description" label="Description" errors={issues('description')}>
          <input
            id="persona-description"
            value={draft.description ?? ''}
            placeholder="What this persona is for"
            onChange={(e) => update((p) => ({ ...p, description: e.target.value }))}
          />
        </Field>
      </div>
      <Field
        id="persona-prompt"
        label="System prompt"
        help="Sent first in every conversation."
        errors={issues(`${engineId}.system_prompt`)}
      >
        <textarea
          id="persona-prompt"
          rows={5}
          value={typeof prompt === 'string' ? prompt : ''}
          onChange={(e) => update((p) => patchEngine(p, { system_prompt: e.target.value }))}
        />
      </Field>
    </section>
  );
}
