// rjsf is imported from its Form module: the package index also pulls in a test helper that needs ajv.
import Form from '@rjsf/core/lib/components/Form.js';
import {
  englishStringTranslator,
  TranslatableString,
  type ErrorSchema,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
} from '@rjsf/utils';
import { useMemo, type ReactNode, type Ref } from 'react';
import { cfworkerValidator } from './cfworker-validator';
import { prepareSchema } from './prepare-schema';
import { TOOL_TEMPLATES } from './tool-templates';
import { TOOL_WIDGETS } from './tool-widgets';
import { uiSchemaFor } from './ui-schema-for';
import { withShowWhen } from './show-when';

export interface SchemaFormProps {
  schema: RJSFSchema;
  formData: unknown;
  onChange(data: unknown): void;
  onSubmit?(data: unknown): void;
  /** A submit the schema refused, with the errors (shown on their fields too). */
  onError?(errors: RJSFValidationError[]): void;
  extraErrors?: ErrorSchema;
  idPrefix: string;
  children?: ReactNode;
  liveValidate?: boolean;
  formRef?: Ref<Form>;
}

const NO_SUBMIT: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

/** rjsf's texts, but a map's new entry starts empty (not "New Value", which would be sent as a value). */
function translateString(text: TranslatableString, params?: string[]): string {
  return text === TranslatableString.NewStringDefault ? '' : englishStringTranslator(text, params);
}

/** An rjsf form on our eval-free validator: nested objects, arrays, enums, $ref/$defs, anyOf/oneOf. */
export function SchemaForm({
  schema,
  formData,
  onChange,
  onSubmit,
  onError,
  extraErrors,
  idPrefix,
  children,
  liveValidate,
  formRef,
}: SchemaFormProps) {
  const prepared = useMemo(() => prepareSchema(schema), [schema]);
  const base = useMemo(() => ({ ...uiSchemaFor(prepared), ...NO_SUBMIT }), [prepared]);
  const uiSchema = useMemo(() => withShowWhen(base, prepared, formData), [base, prepared, formData]);
  return (
    <Form
      ref={formRef}
      className="rjsf"
      schema={prepared}
      uiSchema={uiSchema}
      formData={formData}
      validator={cfworkerValidator}
      widgets={TOOL_WIDGETS}
      templates={TOOL_TEMPLATES}
      translateString={translateString}
      idPrefix={idPrefix}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
      liveValidate={liveValidate ? 'onChange' : undefined}
      onChange={(e) => onChange(e.formData)}
      onSubmit={(e) => onSubmit?.(e.formData)}
      onError={(errors) => onError?.(errors)}
      experimental_defaultFormStateBehavior={{
        emptyObjectFields: 'populateRequiredDefaults',
        arrayMinItems: { populate: 'requiredOnly' },
        constAsDefaults: 'never',
      }}
    >
      {children ?? <></>}
    </Form>
  );
}
