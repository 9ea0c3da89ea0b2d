import type { RJSFSchema } from '@rjsf/utils';
import { useApp } from '../../store/context';
import {
  engineIdOf,
  setToolboxConfig,
  setToolboxEnabled,
  toolboxConfigOf,
  toolboxIdsOf,
} from '../../lib/persona-model';
import { issuesToErrorSchema } from '../../lib/issues-to-error-schema';
import { EmptyState } from '../../components/EmptyState';
import { SchemaForm } from '../../components/tool-form/SchemaForm';
import { AddInstance } from './AddInstance';
import { StoredSecrets } from './StoredSecrets';
import { engineEntryOf, engineReads } from '../../lib/engine-keys';

/** Toolbox sources that usually come in several instances (one per server, manual or bus). */
const MULTI_INSTANCE = new Set(['mcp', 'utcp', 'bus']);

const hasFields = (s: Record<string, unknown>) => !!s.properties && Object.keys(s.properties as object).length > 0;

/** Toolboxes to enable, each with its config form generated from its config schema. */
export function ToolboxesSection() {
  const draft = useApp((s) => s.draft)!;
  const catalog = useApp((s) => s.catalog);
  const update = useApp((s) => s.updateDraft);
  const serverIssues = useApp((s) => s.serverIssues);
  const engineId = engineIdOf(draft);
  /** Main's issues inside a toolbox's config block, for that block's form. */
  const configErrors = (id: string) => {
    const mine = serverIssues
      .map((i) => ({ ...i, path: i.path[0] === 'persona' ? i.path.slice(1) : i.path }))
      .filter((i) => i.path[0] === engineId && i.path[1] === id)
      .map((i) => ({ ...i, path: i.path.slice(2) }));
    return mine.length ? issuesToErrorSchema(mine) : undefined;
  };
  const enabled = toolboxIdsOf(draft);
  // An engine that does not read the tool limits calls no tools.
  const engine = engineEntryOf(catalog, engineId);
  const callsNoTools = !!engine && !engineReads(engine, 'tool_timeout_s');
  const available = catalog?.toolboxes ?? [];
  const baseOf = (id: string) => id.split(':')[0];
  const instances = enabled.filter((id) => id.includes(':') && available.some((t) => t.id === baseOf(id)));
  const unknown = enabled.filter((id) => !available.some((t) => t.id === baseOf(id)));
  const items = [
    ...available.map((tb) => ({ id: tb.id, tb, title: tb.title })),
    ...instances.map((id) => {
      const tb = available.find((t) => t.id === baseOf(id))!;
      return { id, tb, title: `${tb.title} (${id.slice(id.indexOf(':') + 1)})` };
    }),
  ];
  return (
    <section className="card section" aria-labelledby="toolboxes-h">
      <div className="section-head">
        <h3 id="toolboxes-h">Toolboxes</h3>
        <span className="small muted">{enabled.length} enabled</span>
      </div>
      {callsNoTools && (
        <div className="notice small" role="status" data-testid="engine-calls-no-tools">
          {engine!.title} calls no tools: the toolboxes ticked here are not offered to the model. Pick another engine
          under Loop engine to use them.
        </div>
      )}
      {available.length === 0 && unknown.length === 0 && (
        <EmptyState compact title="No toolboxes installed">
          <p>
            Toolboxes give the persona tools. Built-in ones appear here once the app has loaded them; MCP servers and
            plugins can add more.
          </p>
        </EmptyState>
      )}
      {items.map(({ id, tb, title }) => {
        const on = enabled.includes(id);
        return (
          <div key={id} className={on ? 'toolbox-item on' : 'toolbox-item'} data-testid={`toolbox-${id}`}>
            <header>
              <label>
                <input
                  type="checkbox"
                  checked={on}
                  onChange={(e) => update((p) => setToolboxEnabled(p, id, e.target.checked))}
                  aria-label={`Enable ${title}`}
                />
                <span>
                  {title} <code className="small muted">{id}</code>
                  <div className="desc">{tb.description}</div>
                </span>
              </label>
              <span className="badge">{tb.source}</span>
            </header>
            {on && hasFields(tb.configSchema) && (
              <SchemaForm
                idPrefix={`cfg-${id.replace(/[^\w-]/g, '_')}`}
                schema={tb.configSchema as RJSFSchema}
                formData={toolboxConfigOf(draft, id)}
                onChange={(data) => update((p) => setToolboxConfig(p, id, (data ?? {}) as Record<string, unknown>))}
                extraErrors={configErrors(id)}
              />
            )}
            {on && <StoredSecrets blockId={id} engineId={engineId} schema={tb.configSchema} />}
            {on && !id.includes(':') && MULTI_INSTANCE.has(tb.source) && (
              <AddInstance
                baseId={id}
                title={tb.title}
                taken={enabled}
                onAdd={(next) => update((p) => setToolboxEnabled(p, next, true))}
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
