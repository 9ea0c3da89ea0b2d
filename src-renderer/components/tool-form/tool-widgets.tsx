import { ariaDescribedByIds, type RegistryWidgetsType, type WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import { shown } from './schema-node';
import { WIDGET } from './ui-schema-for';

/**
 * A const: shown as its fixed value, never a text box. A required one is filled in; an optional one is sent only
 * when ticked. A prefilled other value (a model's mistake) stays visible until replaced.
 */
function ConstWidget({ id, schema, value, required, onChange, label, disabled, readonly }: WidgetProps) {
  const fixed = schema.const;
  const set = value === fixed;
  useEffect(() => {
    if (required && value === undefined) onChange(fixed);
  }, [required, value, fixed, onChange]);
  return (
    <div className="const-value" id={id} aria-describedby={ariaDescribedByIds(id)} data-testid="const-value">
      <code>{shown(fixed)}</code> <span className="small muted">fixed value</span>
      {value !== undefined && !set && (
        <span className="small">
          {' '}
          (given: <code>{shown(value)}</code>){' '}
          <button type="button" className="link small" onClick={() => onChange(fixed)}>
            Use {shown(fixed)}
          </button>
        </span>
      )}
      {!required && (
        <label className="small const-send">
          <input
            type="checkbox"
            checked={set}
            disabled={disabled || readonly}
            aria-label={`Send ${label} = ${shown(fixed)}`}
            onChange={(e) => onChange(e.target.checked ? fixed : undefined)}
          />
          send it
        </label>
      )}
    </div>
  );
}

/** A boolean as a clear choice: "not sent" (optional only) / true / false, so an explicit false can be sent. */
function BooleanWidget({ id, htmlName, schema, value, required, onChange, label, disabled, readonly }: WidgetProps) {
  const name = htmlName || id;
  const hint = schema.default === undefined ? '' : ` (default: ${shown(schema.default)})`;
  const choices: { text: string; v: boolean | undefined }[] = [
    ...(required ? [] : [{ text: `not sent${hint}`, v: undefined }]),
    { text: 'true', v: true },
    { text: 'false', v: false },
  ];
  return (
    <div className="choice" role="radiogroup" id={id} aria-label={label} aria-describedby={ariaDescribedByIds(id)}>
      {choices.map((c) => (
        <label key={c.text}>
          <input
            type="radio"
            name={name}
            checked={value === c.v}
            disabled={disabled || readonly}
            onChange={() => onChange(c.v)}
          />
          {c.text}
        </label>
      ))}
    </div>
  );
}

/** Free text (no format): a text area that grows with what it holds, so long or multi-line strings stay readable. */
function TextWidget(props: WidgetProps) {
  const { id, htmlName, options, placeholder, value, required, disabled, readonly, autofocus } = props;
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const rows = Math.min(12, Math.max(1, text.split('\n').length));
  return (
    <textarea
      id={id}
      name={htmlName || id}
      className="form-control grow-text"
      value={text}
      rows={rows}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => props.onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
      onBlur={(e) => props.onBlur(id, e.target.value)}
      onFocus={(e) => props.onFocus(id, e.target.value)}
    />
  );
}

/** The widgets uiSchemaFor names. */
export const TOOL_WIDGETS: RegistryWidgetsType = {
  [WIDGET.const]: ConstWidget,
  [WIDGET.boolean]: BooleanWidget,
  [WIDGET.text]: TextWidget,
};
