import type { RJSFSchema } from '@rjsf/utils';
import { useApp } from '../../store/context';
import { setToolboxConfig, setToolboxEnabled, toolboxConfigOf, toolboxIdsOf } from '../../lib/persona-model';
import { EmptyState } from '../../components/EmptyState';
import { SchemaForm } from '../tool-forms/SchemaForm';

const hasFields = (s: Record<string, unknown>) => !!s.properties && Object.keys(s.properties as object).length > 0;

/** Toolboxes to enable, each with its config form generated from its config schema. */
export function ToolboxesSection() {
  const draft = useApp((s) => s.draft)!;
  const catalog = useApp((s) => s.catalog);
  const update = useApp((s) => s.updateDraft);
  const enabled = toolboxIdsOf(draft);
  const available = catalog?.toolboxes ?? [];
  const unknown = enabled.filter((id) => !available.some((t) => t.id === id));
  return (
    <section className="card section" aria-labelledby="toolboxes-h">
      <div className="section-head">
        <h3 id="toolboxes-h">Toolboxes</h3>
        <span className="small muted">{enabled.length} enabled</span>
      </div>
      {available.length === 0 && unknown.length === 0 && (
        <EmptyState compact title="No toolboxes installed">
          <p>Toolboxes give the persona tools. Built-in ones appear here once the app has loaded them; MCP servers and plugins can add more.</p>
        </EmptyState>
      )}
      {available.map((tb) => {
        const on = enabled.includes(tb.id);
        return (
          <div key={tb.id} className={on ? 'toolbox-item on' : 'toolbox-item'} data-testid={`toolbox-${tb.id}`}>
            <header>
              <label>
                <input type="checkbox" checked={on} onChange={(e) => update((p) => setToolboxEnabled(p, tb.id, e.target.checked))} aria-label={`Enable ${tb.title}`} />
                <span>
                  {tb.title} <code className="small muted">{tb.id}</code>
                  <div className="desc">{tb.description}</div>
                </span>
              </label>
              <span className="badge">{tb.source}</span>
            </header>
            {on && hasFields(tb.configSchema) && (
              <SchemaForm
                idPrefix={`cfg-${tb.id}`}
                schema={tb.configSchema as RJSFSchema}
                formData={toolboxConfigOf(draft, tb.id)}
                onChange={(data) => update((p) => setToolboxConfig(p, tb.id, (data ?? {}) as Record<string, unknown>))}
              />
            )}
          </div>
        );
      })}
      {unknown.map((id) => (
        <div key={id} className="notice warn">
          <code>{id}</code> is enabled but not installed here; it is kept in the file.{' '}
          <button className="link" onClick={() => update((p) => setToolboxEnabled(p, id, false))}>
            Remove it
          </button>
        </div>
      ))}
    </section>
  );
}
