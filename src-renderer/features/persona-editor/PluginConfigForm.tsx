import type { RJSFSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import type { JsonSchema } from '../../../shared/domain/tool';
import { SchemaForm } from '../../components/tool-form/SchemaForm';

type Block = Record<string, unknown>;

/** The schema's own properties minus `omit` (keys another control edits), with nothing "additional" to add. */
export function formSchemaOf(schema: JsonSchema, omit: readonly string[] = []): JsonSchema {
  const properties = { ...((schema.properties as Record<string, unknown> | undefined) ?? {}) };
  for (const key of omit) delete properties[key];
  const required = Array.isArray(schema.required) ? schema.required.filter((k) => !omit.includes(String(k))) : [];
  const { additionalProperties: _extra, title: _title, ...rest } = schema;
  return { ...rest, type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** Whether a form would show anything. */
export const hasFormFields = (schema: JsonSchema) =>
  !!schema.properties && Object.keys(schema.properties as object).length > 0;

/**
 * A plugin's config block as the form generated from its config schema (the Tools pane's rjsf form and eval-free
 * validator). Only the schema's fields are shown and changed; the block's other keys (nested plugin blocks) stay.
 */
export function PluginConfigForm({
  schema,
  block,
  onChange,
  idPrefix,
  label,
}: {
  schema: JsonSchema;
  block: Block;
  /** Gets the keys this form owns, with removed ones as undefined. */
  onChange(patch: Block): void;
  idPrefix: string;
  label: string;
}) {
  const keys = useMemo(() => Object.keys((schema.properties as object) ?? {}), [schema]);
  const formData = useMemo(
    () => Object.fromEntries(keys.filter((k) => k in block).map((k) => [k, block[k]])),
    [keys, block],
  );
  return (
    <div className="plugin-config" role="group" aria-label={label} data-testid={`${idPrefix}-form`}>
      <SchemaForm
        idPrefix={idPrefix}
        schema={schema as RJSFSchema}
        formData={formData}
        liveValidate
        onChange={(data) => {
          const next = (data ?? {}) as Block;
          onChange(Object.fromEntries(keys.map((k) => [k, next[k] === '' ? undefined : next[k]])));
        }}
      />
    </div>
  );
}
