import { useMemo, useState } from 'react';
import type { McpPromptMessage } from '../../../../shared/domain/mcp';
import { promptSchema } from '../../../../shared/domain/mcp-forms';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { JsonView } from '../../../components/JsonView';
import { ToolForm } from '../../../components/tool-form/ToolForm';
import { useApp } from '../../../store/context';
import { lastNotice, promptText } from '../../../store/mcp-slice';
import { McpListSection, McpPanelFrame, McpPickItem } from './mcp-list';
import { useMcpCall } from './use-mcp-call';
import { useMcpList } from './use-mcp-list';

/** A server's prompts: pick one, fill its arguments, see its messages, and "Use in chat" puts them in the composer. */
export function PromptsPanel({ toolboxId }: { toolboxId: string }) {
  const client = useApp((s) => s.client);
  const personaId = useApp((s) => s.selectedId ?? undefined);
  const putInChat = useApp((s) => s.usePromptInChat);
  // The server said its list changed: load it again.
  const changed = useApp((s) => lastNotice(s.mcpLog[toolboxId], 'notifications/prompts/list_changed'));
  const list = useMcpList(`${toolboxId}#${changed}`, (c, p) => c.call('mcp.prompts', { personaId: p, toolboxId }));
  const [name, setName] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const { result: messages, error: getError, pending, run, clear } = useMcpCall<McpPromptMessage[]>();
  const prompt = list.data?.prompts.find((p) => p.name === name) ?? null;
  const formTool = useMemo(
    () => (prompt ? { name: prompt.name, scope: `${toolboxId}-prompt`, schema: promptSchema(prompt) } : null),
    [prompt, toolboxId],
  );

  const get = async (args: Record<string, unknown>) => {
    if (!prompt) return;
    const strings = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)]));
    await run(prompt.name, async () => {
      const r = await client.call('mcp.getPrompt', { personaId, toolboxId, name: prompt.name, arguments: strings });
      return r.messages;
    });
  };

  return (
    <McpPanelFrame noun="prompts" others="resources" list={list} isEmpty={(d) => !d.prompts.length}>
      {(data) => (
        <>
          <div className="mcp-lists">
            <McpListSection label="Prompts" title="Prompts" count={data.prompts.length} refresh={list}>
              {data.prompts.map((p) => (
                <McpPickItem
                  key={p.name}
                  current={p.name === name}
                  testId={`prompt-${p.name}`}
                  onPick={() => {
                    setName(p.name);
                    setValues({});
                    clear();
                  }}
                >
                  <div className="tname">{p.title ?? p.name}</div>
                  {p.description && <div className="tdesc">{p.description}</div>}
                </McpPickItem>
              ))}
            </McpListSection>
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
                  busy={pending !== null}
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
        </>
      )}
    </McpPanelFrame>
  );
}
