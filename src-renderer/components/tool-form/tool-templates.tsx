import {
  ADDITIONAL_PROPERTY_FLAG,
  buttonId,
  getUiOptions,
  type FieldTemplateProps,
  type IconButtonProps,
  type TemplatesType,
  type TitleFieldProps,
  type WrapIfAdditionalTemplateProps,
} from '@rjsf/utils';

/**
 * rjsf's "add" control as a plain button (the form's main action is Run, not this), named after what it adds to
 * (`ui:options.addTo`, from uiSchemaFor): a form with several lists has several of them, nested ones stacked (a
 * manual's Headers above the Manuals), and each says which list it adds to.
 */
function AddButton({ id, className, onClick, disabled, uiSchema }: IconButtonProps) {
  const target = getUiOptions(uiSchema).addTo;
  const named = typeof target === 'string' && target;
  const name = named ? `Add item to ${target}` : 'Add item';
  return (
    <div className={`add-row ${className ?? ''}`}>
      <button
        type="button"
        id={id}
        className="small"
        onClick={onClick}
        disabled={disabled}
        aria-label={name}
        title={name}
      >
        {named ? `+ Add to ${target}` : '+ Add item'}
      </button>
    </div>
  );
}

/**
 * One entry of a map (`additionalProperties`: an MCP server's environment, HTTP headers) as one row: its name, its
 * value, and a remove button named after it. rjsf's own stacks them under bootstrap column classes this app has
 * no styles for. The value keeps its label (the entry's name) for screen readers; the row shows Name / Value.
 */
function WrapIfAdditional(props: WrapIfAdditionalTemplateProps) {
  const { id, classNames, style, disabled, readonly, label, onKeyRenameBlur, onRemoveProperty, schema, children } =
    props;
  const { hideError, rawErrors, uiSchema, registry } = props;
  const group = ['form-group', classNames, !hideError && rawErrors?.length ? 'has-error has-danger' : '']
    .filter(Boolean)
    .join(' ');
  if (!(ADDITIONAL_PROPERTY_FLAG in schema))
    return (
      <div className={group} style={style}>
        {children}
      </div>
    );
  const { RemoveButton } = registry.templates.ButtonTemplates;
  return (
    <div className={`${group} kv-pair`} style={style}>
      <div className="kv-key">
        <label className="control-label" htmlFor={`${id}-key`}>
          Name
        </label>
        <input
          key={label}
          className="form-control"
          type="text"
          id={`${id}-key`}
          defaultValue={label}
          disabled={disabled || readonly}
          onBlur={onKeyRenameBlur}
        />
      </div>
      <div className="kv-value">
        <span className="kv-head" aria-hidden="true">
          Value
        </span>
        {children}
      </div>
      <RemoveButton
        id={buttonId(id, 'remove')}
        className="kv-remove"
        disabled={disabled || readonly}
        onClick={onRemoveProperty}
        uiSchema={uiSchema}
        registry={registry}
        title={`Remove ${label}`}
        aria-label={`Remove ${label}`}
      />
    </div>
  );
}

/**
 * The name rjsf gives a list's item (`Manuals-1`, `Arguments-2`: the list's title, a dash, its position; the
 * item's id ends `_0`, `_1`) as "Manuals 1"; null for any other text (a title of its own, "COVID-19", stays).
 */
function itemName(fieldId: string, text: string | undefined): string | null {
  const m = /_(\d+)$/.exec(fieldId);
  if (!m || !text) return null;
  const n = Number(m[1]) + 1;
  const suffix = `-${n}`;
  return text.endsWith(suffix) && text.length > suffix.length ? `${text.slice(0, -suffix.length)} ${n}` : null;
}

/** rjsf's title of an object or list, a list item's as `itemName` reads it, without a required mark (an item is no field to fill). */
function TitleField({ id, title, required, optionalDataControl }: TitleFieldProps) {
  const item = itemName(id.replace(/__title$/, ''), title);
  return (
    <legend id={id}>
      {item ?? title}
      {required && item === null && <span className="required">*</span>}
      {optionalDataControl && (
        <span className="pull-right" style={{ marginBottom: 2 }}>
          {optionalDataControl}
        </span>
      )}
    </legend>
  );
}

/**
 * rjsf's field template (around this file's WrapIfAdditional), with a list item's label as `itemName` reads it (an
 * item of a list of texts, numbers...).
 */
function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, uiSchema } = props;
  const options = getUiOptions(uiSchema);
  if (hidden) return <div className="hidden">{children}</div>;
  const item = itemName(id, label);
  return (
    <WrapIfAdditional {...props}>
      {displayLabel && options.widget !== 'checkbox' && label && (
        <label className="control-label" htmlFor={id}>
          {item ?? label}
          {required && item === null && <span className="required">*</span>}
        </label>
      )}
      {displayLabel && description ? description : null}
      {children}
      {errors}
      {help}
    </WrapIfAdditional>
  );
}

/** The templates this form replaces in rjsf's. */
export const TOOL_TEMPLATES: Partial<TemplatesType> = {
  ButtonTemplates: { AddButton } as TemplatesType['ButtonTemplates'],
  WrapIfAdditionalTemplate: WrapIfAdditional,
  TitleFieldTemplate: TitleField,
  FieldTemplate,
};
