import { useMemo, useState } from 'react';
import type { ErrorValue } from '../../../../shared/domain/errors';
import type { McpResourceContents } from '../../../../shared/domain/mcp';
import { templateSchema } from '../../../../shared/domain/mcp-forms';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ToolForm } from '../../../components/tool-form/ToolForm';
import { toErrorValue } from '../../../lib/api-error';
import { useApp } from '../../../store/context';
import { lastNotice } from '../../../store/mcp-slice';
import { ResourceContents } from './ResourceContents';
import { useMcpList } from './use-mcp-list';

type Target = { uri: string } | { uriTemplate: string; arguments: Record<string, unknown> };

/** A server's resources (Open reads one) and templates (a form per template's variables, Read fills it). */
export function ResourcesPanel({ toolboxId }: { toolboxId: string }) {
  const client = useApp((s) => s.client);
  const personaId = useApp((s) => s.selectedId ?? undefined);
  // The server said its list changed: load it again.
  const changed = useApp((s) => lastNotice(s.mcpLog[toolboxId], 'notifications/resources/list_changed'));
  const { data, error, loading, reload } = useMcpList(`${toolboxId}#${changed}`, (c, p) =>
    c.call('mcp.resources', { personaId: p, toolboxId }),
  );
  const [template, setTemplate] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [shown, setShown] = useState<{ uri: string; contents: McpResourceContents[] } | null>(null);
  const [readError, setReadError] = useState<ErrorValue | null>(null);
  const [reading, setReading] = useState<string | null>(null);

  const read = async (target: Target, key: string) => {
    setReading(key);
    setReadError(null);
    try {
      setShown(await client.call('mcp.readResource', { personaId, toolboxId, ...target }));
    } catch (e) {
      setShown(null);
      setReadError(toErrorValue(e));
    } finally {
      setReading(null);
    }
  };
  const chosen = data?.templates.find((t) => t.uriTemplate === template) ?? null;
  const formTool = useMemo(
    () => (chosen ? { name: chosen.name, scope: `${toolboxId}-tpl`, schema: templateSchema(chosen.variables) } : null),
    [chosen, toolboxId],
  );

  if (error) return <ErrorNotice error={error} testId="resources-error" />;
  if (!data) return <p className="small muted">{loading ? 'Loading resources…' : ''}</p>;
  if (!data.resources.length && !data.templates.length)
    return (
      <EmptyState title="This server offers no resources" compact testId="no-resources">
        <p>Its tools, prompts and log are in the other tabs.</p>
      </EmptyState>
    );
  return (
    <div className="mcp-panel" data-testid="resources-panel">
      <div className="mcp-lists">
        {data.templates.length > 0 && (
          <section aria-label="Resource templates">
            <h3 className="row">
              <span className="grow">Templates</span>
              <span className="badge">{data.templates.length}</span>
            </h3>
            <ul className="mcp-items">
              {data.templates.map((t) => (
                <li key={t.uriTemplate} className="mcp-item">
                  <button
                    type="button"
                    className="link grow"
                    aria-current={t.uriTemplate === template}
                    data-testid="template-item"
                    onClick={() => {
                      setTemplate(t.uriTemplate);
                      setValues({});
                    }}
                  >
                    <div className="tname">{t.title ?? t.name}</div>
                    <div className="small muted">
                      <code>{t.uriTemplate}</code>
                    </div>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section aria-label="Resources">
          <h3 className="row">
            <span className="grow">Resources</span>
            <span className="badge">{data.resources.length}</span>
            <button type="button" className="small ghost" onClick={reload} disabled={loading}>
              {loading ? 'Refreshing…' : 'Refresh'}
            </button>
          </h3>
          <ul className="mcp-items">
            {data.resources.map((r) => (
              <li key={r.uri} className="mcp-item" data-testid="resource-item">
                <div className="grow">
                  <div className="tname">{r.title ?? r.name}</div>
                  <div className="small muted">
                    <code>{r.uri}</code>
                    {r.mimeType && ` · ${r.mimeType}`}
                  </div>
                  {r.description && <div className="tdesc">{r.description}</div>}
                </div>
                <button
                  type="button"
                  className="small"
                  aria-label={`Open ${r.uri}`}
                  onClick={() => void read({ uri: r.uri }, r.uri)}
                  disabled={reading !== null}
                >
                  {reading === r.uri ? 'Opening…' : 'Open'}
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="mcp-side">
        {chosen && formTool && (
          <section className="card" data-testid="template-form">
            <div className="mcp-uri">
              Fill <code>{chosen.uriTemplate}</code>
            </div>
            {chosen.description && <p className="small muted">{chosen.description}</p>}
            <ToolForm
              tool={formTool}
              value={values}
              onChange={setValues}
              submitLabel="Read"
              busy={reading === chosen.uriTemplate}
              onSubmit={(args) => void read({ uriTemplate: chosen.uriTemplate, arguments: args }, chosen.uriTemplate)}
            />
          </section>
        )}
        {readError && <ErrorNotice error={readError} testId="resource-read-error" />}
        {shown ? (
          <ResourceContents uri={shown.uri} contents={shown.contents} />
        ) : (
          !readError && (
            <p className="small muted">Open a resource, or pick a template and fill it in, to see its contents here.</p>
          )
        )}
      </div>
    </div>
  );
}
