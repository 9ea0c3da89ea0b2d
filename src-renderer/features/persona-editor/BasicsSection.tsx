import { useApp } from '../../store/context';
import { engineIdOf, patchEngine, engineBlockOf } from '../../lib/persona-model';
import { TextField } from './Field';
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
        <TextField
          id="persona-name"
          label="Name"
          errors={issues('name')}
          value={draft.name}
          onChange={(name) => update((p) => ({ ...p, name }))}
        />
        <TextField
          id="persona-description"
          label="Description"
          errors={issues('description')}
          value={draft.description ?? ''}
          placeholder="What this persona is for"
          onChange={(description) => update((p) => ({ ...p, description }))}
        />
      </div>
      <TextField
        id="persona-prompt"
        label="System prompt"
        help="Sent first in every conversation."
        errors={issues(`${engineId}.system_prompt`)}
        rows={5}
        value={typeof prompt === 'string' ? prompt : ''}
        onChange={(system_prompt) => update((p) => patchEngine(p, { system_prompt }))}
      />
    </section>
  );
}
