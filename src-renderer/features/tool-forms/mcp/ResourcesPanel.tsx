import { useMemo, useState } from 'react';
import type { McpResourceContents } from '../../../../shared/domain/mcp';
import { templateSchema } from '../../../../shared/domain/mcp-forms';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ToolForm } from '../../../components/tool-form/ToolForm';
import { useApp } from '../../../store/context';
import { lastNotice } from '../../../store/mcp-slice';
import { ResourceContents } from './ResourceContents';
import { McpListSection, McpPanelFrame, McpPickItem } from './mcp-list';
import { useMcpCall } from './use-mcp-call';
import { useMcpList } from './use-mcp-list';

type Target = { uri: string } | { uriTemplate: string; arguments: Record<string, unknown> };

/** A server's resources (Open reads one) and templates (a form per template's variables, Read fills it). */
export function ResourcesPanel({ toolboxId }: { toolboxId: string }) {
  const client = useApp((s) => s.client);
  const personaId = useApp((s) => s.selectedId ?? undefined);
  // The server said its list changed: load it again.
  const changed = useApp((s) => lastNotice(s.mcpLog[toolboxId], 'notifications/resources/list_changed'));
  const list = useMcpList(`${toolboxId}#${changed}`, (c, p) => c.call('mcp.resources', { personaId: p, toolboxId }));
  const [template, setTemplate] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const {
    result: shown,
    error: readError,
    pending: reading,
    run,
  } = useMcpCall<{ uri: string; contents: McpResourceContents[] }>();

  const read = (target: Target, key: string) =>
    run(key, () => client.call('mcp.readResource', { personaId, toolboxId, ...target }));
  const chosen = list.data?.templates.find((t) => t.uriTemplate === template) ?? null;
  const formTool = useMemo(
    () => (chosen ? { name: chosen.name, scope: `${toolboxId}-tpl`, schema: templateSchema(chosen.variables) } : null),
    [chosen, toolboxId],
  );

  return (
    <McpPanelFrame
      noun="resources"
      others="prompts"
      list={list}
      isEmpty={(d) => !d.resources.length && !d.templates.length}
    >
      {(data) => (
        <>
          <div className="mcp-lists">
            {data.templates.length > 0 && (
              <McpListSection label="Resource templates" title="Templates" count={data.templates.length}>
                {data.templates.map((t) => (
                  <McpPickItem
                    key={t.uriTemplate}
                    current={t.uriTemplate === template}
                    testId="template-item"
                    onPick={() => {
                      setTemplate(t.uriTemplate);
                      setValues({});
                    }}
                  >
                    <div className="tname">{t.title ?? t.name}</div>
                    <div className="small muted">
                      <code>{t.uriTemplate}</code>
                    </div>
                  </McpPickItem>
                ))}
              </McpListSection>
            )}
            <McpListSection label="Resources" title="Resources" count={data.resources.length} refresh={list}>
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
            </McpListSection>
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
                  onSubmit={(args) =>
                    void read({ uriTemplate: chosen.uriTemplate, arguments: args }, chosen.uriTemplate)
                  }
                />
              </section>
            )}
            {readError && <ErrorNotice error={readError} testId="resource-read-error" />}
            {shown ? (
              <ResourceContents uri={shown.uri} contents={shown.contents} />
            ) : (
              !readError && (
                <p className="small muted">
                  Open a resource, or pick a template and fill it in, to see its contents here.
                </p>
              )
            )}
          </div>
        </>
      )}
    </McpPanelFrame>
  );
}
