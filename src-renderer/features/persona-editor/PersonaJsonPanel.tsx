import { useState, type KeyboardEvent } from 'react';
import { JsonView } from '../../components/JsonView';
import { modKey } from '../../lib/keys';
import type { PersonaDraft } from '../../lib/persona-model';
import { useApp } from '../../store/context';
import { applyPersonaJson, personaJsonText } from './persona-json';

/**
 * The OVOS persona file beside the form: read-only, following every edit, or edited as text (Edit JSON) for what the
 * form has no field for, such as a plugin that is not installed here. Apply puts it in the draft (unsaved, as any
 * edit); a text that does not parse or is not a persona file says why and stays as typed.
 */
export function PersonaJsonPanel({ draft }: { draft: PersonaDraft }) {
  const updateDraft = useApp((s) => s.updateDraft);
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const editing = text !== null;
  const apply = () => {
    if (text === null) return;
    const result = applyPersonaJson(text, draft);
    if (!result.ok) return setProblem(result.message);
    updateDraft(() => result.draft);
    setText(null);
    setProblem(null);
  };
  const cancel = () => {
    setText(null);
    setProblem(null);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      apply();
    }
  };
  return (
    <aside className="json-side" aria-label="Persona JSON">
      <div className="row" style={{ marginBottom: 8, alignItems: 'center' }}>
        <h3 className="grow" style={{ margin: 0 }}>
          OVOS persona JSON
        </h3>
        {editing ? (
          <>
            <button type="button" className="small" onClick={cancel}>
              Cancel
            </button>
            <button type="button" className="small primary" onClick={apply} title={`${modKey()}+Enter`}>
              Apply
            </button>
          </>
        ) : (
          <button
            type="button"
            className="small"
            data-testid="edit-json"
            onClick={() => setText(personaJsonText(draft))}
          >
            Edit JSON
          </button>
        )}
      </div>
      {editing ? (
        <>
          {problem && (
            <div className="notice error small" role="alert" data-testid="persona-json-problem">
              {problem}
            </div>
          )}
          <textarea
            className="json-edit"
            aria-label="Persona JSON"
            data-testid="persona-json-edit"
            spellCheck={false}
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <p className="small muted">
            {modKey()}+Enter applies it to the form; saving writes it. A masked API key stays as it was.
          </p>
        </>
      ) : (
        <JsonView value={personaJsonText(draft)} testId="persona-json" />
      )}
    </aside>
  );
}
