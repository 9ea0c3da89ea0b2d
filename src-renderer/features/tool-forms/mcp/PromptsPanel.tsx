import { useMemo, useState } from 'react';
import type { ErrorValue } from '../../../../shared/domain/errors';
import type { McpPromptMessage } from '../../../../shared/domain/mcp';
import { promptSchema } from '../../../../shared/domain/mcp-forms';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { JsonView } from '../../../components/JsonView';
import { ToolForm } from '../../../components/tool-form/ToolForm';
import { toErrorValue } from '../../../lib/api-error';
import { useApp } from '../../../store/context';
import { lastNotice, promptText } from '../../../store/mcp-slice';
import { useMcpList } from './use-mcp-list';

/** A server's prompts: pick one, fill its arguments, see its messages, and "Use in chat" puts them in the composer. */
export function PromptsPanel({ toolboxId }: { toolboxId: string }) {
  const client = useApp((s) => s.client);
  const personaId = useApp((s) => s.selectedId ?? undefined);
  const putInChat = useApp((s) => s.usePromptInChat);
  // The server said its list changed: load it again.
  const changed = useApp((s) => lastNotice(s.mcpLog[toolboxId], 'notifications/prompts/list_changed'));
  const { data, error, loading, reload } = useMcpList(`${toolboxId}#${changed}`, (c, p) =>
    c.call('mcp.prompts', { personaId: p, toolboxId }),
  );
  const [name, setName] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [messages, setMessages] = useState<McpPromptMessage[] | null>(null);
  const [getError, setGetError] = useState<ErrorValue | null>(null);
  const [busy, setBusy] = useState(false);
  const prompt = data?.prompts.find((p) => p.name === name) ?? null;
  const formTool = useMemo(
    () => (prompt ? { name: prompt.name, scope: `${toolboxId}-prompt`, schema: promptSchema(prompt) } : null),
    [prompt, toolboxId],
  );

  const get = async (args: Record<string, unknown>) => {
    if (!prompt) return;
    setBusy(true);
    setGetError(null);
    try {
      const strings = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)]));
      const r = await client.call('mcp.getPrompt', { personaId, toolboxId, name: prompt.name, arguments: strings });
      setMessages(r.messages);
    } catch (e) {
      setMessages(null);
      setGetError(toErrorValue(e));
    } finally {
      setBusy(false);
    }
  };

  if (error) return <ErrorNotice error={error} testId="prompts-error" />;
  if (!data) return <p className="small muted">{loading ? 'Loading prompts…' : ''}</p>;
  if (!data.prompts.length)
    return (
      <EmptyState title="This server offers no prompts" compact testId="no-prompts">
        <p>Its tools, resources and log are in the other tabs.</p>
      </EmptyState>
    );
  return (
    <div className="mcp-panel" data-testid="prompts-panel">
      <div className="mcp-lists">
        <section aria-label="Prompts">
          <h3 className="row">
            <span className="grow">Prompts</span>
            <span className="badge">{data.prompts.length}</span>
            <button type="button" className="small ghost" onClick={reload} disabled={loading}>
              {loading ? 'Refreshing…' : 'Refresh'}
            </button>
          </h3>
          <ul className="mcp-items">
            {data.prompts.map((p) => (
              <li key={p.name} className="mcp-item">
                <button
                  type="button"
                  className="link grow"
                  aria-current={p.name === name}
                  data-testid={`prompt-${p.name}`}
                  onClick={() => {
                    setName(p.name);
                    setValues({});
                    setMessages(null);
                    setGetError(null);
                  }}
                >
                  <div className="tname">{p.title ?? p.name}</div>
                  {p.description && <div className="tdesc">{p.description}</div>}
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="mcp-side">
        {prompt && formTool ? (
          <section className="card" data-testid="prompt-form">
            <h3 className="small">{prompt.title ?? prompt.name}</h3>
            {!prompt.arguments?.length && <p className="small muted">This prompt takes no arguments.</p>}
            <ToolForm
              tool={formTool}
              value={values}
              onChange={setValues}
              submitLabel="Get messages"
              busy={busy}
              onSubmit={(args) => void get(args)}
            />
          </section>
        ) : (
          <p className="small muted">Pick a prompt to fill in its arguments and see the messages it gives.</p>
        )}
        {getError && <ErrorNotice error={getError} testId="prompt-error" />}
        {prompt && messages && (
          <section className="card" data-testid="prompt-messages" aria-label="Prompt messages">
            <div className="row">
              <h3 className="small grow">
                {messages.length} message{messages.length === 1 ? '' : 's'}
              </h3>
              <button type="button" className="primary small" onClick={() => putInChat(messages)}>
                Use in chat
              </button>
            </div>
            <ol className="mcp-messages">
              {messages.map((m, i) => (
                <li key={i}>
                  <span className="badge">{m.role}</span>{' '}
                  {m.content.type === 'text' ? (
                    <span className="prompt-text">{promptText([m])}</span>
                  ) : (
                    <details>
                      <summary>{m.content.type} content</summary>
                      <JsonView value={m.content} />
                    </details>
                  )}
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </div>
  );
}
