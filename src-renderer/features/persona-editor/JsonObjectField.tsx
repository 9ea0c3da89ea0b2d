import { useState } from 'react';
import { TextField } from './Field';
import { jsonObjectText, readJsonObject } from './json-object-text';

/**
 * A settings object of any JSON values (a brain's extra request fields) typed as JSON: a form would make every value
 * a string. A text that is not one JSON object stays as typed, with why; the persona keeps its last valid value.
 * A value changed elsewhere (Edit JSON, the file on disk) is shown as it now is.
 */
export function JsonObjectField({
  id,
  label,
  help,
  value,
  onChange,
}: {
  id: string;
  label: string;
  help?: string;
  value: unknown;
  onChange(value: Record<string, unknown> | undefined): void;
}) {
  const shown = jsonObjectText(value);
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  // The text of the value last applied from here: a value changed elsewhere (Edit JSON, the file edited on disk)
  // replaces what the field shows; one typed here keeps the text as typed.
  const [applied, setApplied] = useState(shown);
  if (shown !== applied) {
    setApplied(shown);
    setText(shown);
    setProblem(null);
  }
  return (
    <TextField
      id={id}
      label={label}
      help={help}
      rows={Math.min(10, Math.max(2, text.split('\n').length))}
      placeholder='{"reasoning_effort": "low"}'
      value={text}
      errors={problem ? [`${problem} Not applied: the persona keeps what it had.`] : []}
      onChange={(next) => {
        setText(next);
        const read = readJsonObject(next);
        setProblem(read.ok ? null : read.message);
        if (!read.ok) return;
        setApplied(jsonObjectText(read.value));
        onChange(read.value);
      }}
    />
  );
}
