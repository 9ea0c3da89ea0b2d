import { useState } from 'react';

const NAME = /^[a-zA-Z0-9_-]{1,40}$/;

/** The id of one more instance of a toolbox (`<toolbox>:<name>`), or why the name cannot be used. */
export function instanceIdFor(baseId: string, name: string, taken: string[]): { id: string } | { error: string } {
  const trimmed = name.trim();
  if (!NAME.test(trimmed)) return { error: 'Use letters, digits, _ or - (at most 40).' };
  const id = `${baseId}:${trimmed}`;
  if (taken.includes(id)) return { error: `'${id}' is already in this persona.` };
  return { id };
}

/**
 * "Add another": a second MCP server, UTCP manual or bus as its own toolbox instance, with its own config
 * block; the id it gets is `<toolbox>:<name>`.
 */
export function AddInstance({
  baseId,
  title,
  taken,
  onAdd,
}: {
  baseId: string;
  title: string;
  taken: string[];
  onAdd: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const result = name ? instanceIdFor(baseId, name, taken) : null;
  const submit = () => {
    if (!result || 'error' in result) return;
    onAdd(result.id);
    setName('');
    setOpen(false);
  };
  if (!open) {
    return (
      <button type="button" className="link small" onClick={() => setOpen(true)}>
        + Another {title}
      </button>
    );
  }
  const inputId = `add-instance-${baseId.replace(/[^\w-]/g, '_')}`;
  return (
    <div className="add-instance">
      <label htmlFor={inputId} className="small">
        Name of the new {title} instance
      </label>
      <div className="add-instance-row">
        <input
          id={inputId}
          autoFocus
          value={name}
          placeholder="e.g. files"
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
            if (e.key === 'Escape') setOpen(false);
          }}
        />
        <button type="button" onClick={submit} disabled={!result || 'error' in result}>
          Add
        </button>
        <button type="button" className="link" onClick={() => setOpen(false)}>
          Cancel
        </button>
        {result && 'id' in result && (
          <span className="small muted">
            Its id will be <code>{result.id}</code>.
          </span>
        )}
      </div>
      {result && 'error' in result && (
        <div className="field-error small" role="alert">
          {result.error}
        </div>
      )}
    </div>
  );
}
