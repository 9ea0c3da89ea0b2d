import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';

/** A labelled control with help text and its errors underneath. */
export function Field({
  id,
  label,
  help,
  errors = [],
  children,
}: {
  id: string;
  label: string;
  help?: ReactNode;
  errors?: string[];
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {help && <div className="help">{help}</div>}
      {errors.length > 0 && (
        <ul className="field-error" data-testid={`error-${id}`}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A Field whose control is a text input (a text area with `rows`), marked invalid while it has errors; `onChange`
 * gets the text as typed. `children` follow the control (a datalist).
 */
export function TextField({
  id,
  label,
  help,
  errors = [],
  value,
  onChange,
  rows,
  placeholder,
  children,
  ...input
}: {
  id: string;
  label: string;
  help?: ReactNode;
  errors?: string[];
  value: string | number;
  onChange(text: string): void;
  rows?: number;
  children?: ReactNode;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'placeholder' | 'list' | 'autoComplete'>) {
  const control = {
    id,
    value,
    placeholder,
    'aria-invalid': errors.length > 0,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
  };
  return (
    <Field id={id} label={label} help={help} errors={errors}>
      {rows ? <textarea {...control} rows={rows} /> : <input {...control} {...input} />}
      {children}
    </Field>
  );
}
