import { useState } from 'react';
import { TextField } from './Field';
import { jsonObjectText, readJsonObject } from './json-object-text';

/**
 * A settings object of any JSON values (a brain's extra request fields) typed as JSON: a form would make every value
 * a string. A text that is not one JSON object stays as typed, with why; the persona keeps its last valid value.
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
  const [text, setText] = useState(() => jsonObjectText(value));
  const [problem, setProblem] = useState<string | null>(null);
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
        if (read.ok) onChange(read.value);
      }}
    />
  );
}
