import { getUiOptions, type IconButtonProps, type TemplatesType } from '@rjsf/utils';

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

/** The templates this form replaces in rjsf's. */
export const TOOL_TEMPLATES: Partial<TemplatesType> = {
  ButtonTemplates: { AddButton } as TemplatesType['ButtonTemplates'],
};
