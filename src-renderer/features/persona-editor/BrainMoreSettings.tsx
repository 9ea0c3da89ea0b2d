import { useState } from 'react';
import type { JsonSchema } from '../../../shared/domain/tool';
import { useApp } from '../../store/context';
import { brainBlockOf, patchBrain } from '../../lib/persona-model';
import { formSchemaOf, hasFormFields, PluginConfigForm } from './PluginConfigForm';
import { JsonObjectField } from './JsonObjectField';

/** Brain keys the hand-made settings above edit (URL, model, key, images). */
export const HAND_MADE_BRAIN_KEYS = ['api_url', 'model', 'api_key', 'vision'] as const;

type Property = {
  title?: string;
  description?: string;
  type?: unknown;
  properties?: unknown;
  additionalProperties?: unknown;
};

/** Keys whose value is a map of any JSON values (extra request fields): typed as JSON, not drawn as a form. */
export function anyJsonMapKeys(schema: JsonSchema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Property>;
  return Object.keys(properties).filter((key) => {
    const p = properties[key];
    const extra = p.additionalProperties;
    const open = extra === true || (!!extra && typeof extra === 'object' && Object.keys(extra).length === 0);
    return p.type === 'object' && !p.properties && open;
  });
}

/** "temperature 0.3 · max tokens 1024": the set keys of `schema` in `block`, by their titles, for the summary. */
export function setSettingsSummary(schema: JsonSchema, block: Record<string, unknown>): string {
  const properties = (schema.properties ?? {}) as Record<string, { title?: string }>;
  return Object.keys(properties)
    .filter((key) => block[key] !== undefined)
    .map((key) => {
      const name = (properties[key].title ?? key).toLowerCase();
      const value = block[key];
      return typeof value === 'object' ? name : `${name} ${JSON.stringify(value)}`;
    })
    .join(' · ');
}

/**
 * The rest of a brain's config schema (sampling, max tokens, stop, timeouts, extra request fields) as its generated
 * form, folded away until wanted: open from the start when the persona sets any of it (an imported OVOS file with a
 * temperature), its summary naming what is set.
 */
export function BrainMoreSettings({ schema, brainId }: { schema: JsonSchema; brainId: string }) {
  const draft = useApp((s) => s.draft)!;
  const update = useApp((s) => s.updateDraft);
  const block = brainBlockOf(draft);
  const all = formSchemaOf(schema, HAND_MADE_BRAIN_KEYS);
  const jsonKeys = anyJsonMapKeys(all);
  const rest = formSchemaOf(all, jsonKeys);
  const summary = setSettingsSummary(all, block);
  const [open, setOpen] = useState(summary !== '');
  if (!hasFormFields(all)) return null;
  const properties = (all.properties ?? {}) as Record<string, Property>;
  const idPrefix = `brain-${brainId.replace(/[^\w-]/g, '_')}`;
  return (
    <details
      className="brain-more"
      data-testid="brain-more-settings"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        More settings: sampling, max tokens, stop, timeouts
        {summary && <span className="muted"> ({summary})</span>}
      </summary>
      {open && (
        <>
          {hasFormFields(rest) && (
            <PluginConfigForm
              schema={rest}
              block={block}
              idPrefix={idPrefix}
              label="More brain settings"
              onChange={(patch) => update((p) => patchBrain(p, patch))}
            />
          )}
          {jsonKeys.map((key) => (
            <JsonObjectField
              key={key}
              id={`${idPrefix}_${key}`}
              label={`${properties[key].title ?? key} (JSON)`}
              help={properties[key].description}
              value={block[key]}
              onChange={(value) => update((p) => patchBrain(p, { [key]: value }))}
            />
          ))}
        </>
      )}
    </details>
  );
}
