import {
  ADDITIONAL_PROPERTY_FLAG,
  buttonId,
  getUiOptions,
  type IconButtonProps,
  type TemplatesType,
  type WrapIfAdditionalTemplateProps,
} from '@rjsf/utils';

/**
 * rjsf's "add" control as a plain button (the form's main action is Run, not this), named after what it adds to
 * (`ui:options.addTo`, from uiSchemaFor): a form with several lists has several "Add item" buttons, and a screen
 * reader or a tooltip tells them apart.
 */
function AddButton({ id, className, onClick, disabled, uiSchema }: IconButtonProps) {
  const target = getUiOptions(uiSchema).addTo;
  const name = typeof target === 'string' && target ? `Add item to ${target}` : 'Add item';
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
        + Add item
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

/** The templates this form replaces in rjsf's. */
export const TOOL_TEMPLATES: Partial<TemplatesType> = {
  ButtonTemplates: { AddButton } as TemplatesType['ButtonTemplates'],
  WrapIfAdditionalTemplate: WrapIfAdditional,
};
