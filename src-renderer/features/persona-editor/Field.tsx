import type { ReactNode } from 'react';

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
