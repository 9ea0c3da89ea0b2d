import { useMemo, useState, type ReactNode } from 'react';
import type { McpPendingRequest, McpResponse } from '../../../shared/domain/mcp';
import { ErrorNotice } from '../../components/ErrorNotice';
import { JsonView } from '../../components/JsonView';
import { Modal } from '../../components/Modal';
import { ToolForm } from '../../components/tool-form/ToolForm';
import { issuesOf } from '../../lib/api-error';
import { useApp } from '../../store/context';

type SamplingMessage = {
  role: string;
  content: { type: string; text?: string } | Array<{ type: string; text?: string }>;
};

/** The text of a sampling message's content; other blocks named by type. */
function contentText(content: SamplingMessage['content']): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.map((b) => (b.type === 'text' ? (b.text ?? '') : `[${b.type}]`)).join('\n');
}

/** Answers the request, busy until main has it; main's refusal is the store's `mcpRequestError`. */
function useAnswer(requestId: string) {
  const respond = useApp((s) => s.respondMcp);
  const error = useApp((s) => s.mcpRequestError);
  const [busy, setBusy] = useState(false);
  const answer = async (response: McpResponse) => {
    setBusy(true);
    await respond(requestId, response);
    setBusy(false);
  };
  return { answer, busy, error };
}

/** What each kind of request is: its title, the method the server sent, what answering it does. */
const KINDS: Record<McpPendingRequest['kind'], { title: string; method: string; note: string }> = {
  elicitation: {
    title: 'An MCP server asks you',
    method: 'elicitation/create',
    note: 'What you accept is sent to that server only; Decline says no, Cancel dismisses the question.',
  },
  sampling: {
    title: "An MCP server wants to use the persona's brain",
    method: 'sampling/createMessage',
    note: "Approve, and the persona's brain answers these messages (no tools); the answer goes back to the server.",
  },
};

/** The dialog of a server's request: which toolbox (server) sent which method, what answering does, the rest. */
function RequestModal({
  request,
  onClose,
  actions,
  children,
}: {
  request: McpPendingRequest;
  onClose(): void;
  actions: ReactNode;
  children: ReactNode;
}) {
  const { title, method, note } = KINDS[request.kind];
  return (
    <Modal title={title} onClose={onClose} testId={`${request.kind}-dialog`} wide actions={actions}>
      <p className="small muted">
        <code>{request.toolboxId}</code> ({request.server}) sent <code>{method}</code>. {note}
      </p>
      {children}
    </Modal>
  );
}

/** An MCP server's elicitation: its message and a form from the requested schema; Accept, Decline or Cancel. */
function ElicitationDialog({ request }: { request: McpPendingRequest }) {
  const { answer, busy, error } = useAnswer(request.requestId);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const tool = useMemo(
    () => ({ name: 'elicitation', scope: request.requestId, schema: request.requestedSchema ?? { type: 'object' } }),
    [request.requestId, request.requestedSchema],
  );
  const reply = (action: 'accept' | 'decline' | 'cancel', content?: Record<string, unknown>) =>
    void answer(content ? { action, content } : { action });
  return (
    <RequestModal
      request={request}
      onClose={() => reply('cancel')}
      actions={
        <>
          <button type="button" onClick={() => reply('cancel')} disabled={busy} data-testid="elicitation-cancel">
            Cancel
          </button>
          <button type="button" onClick={() => reply('decline')} disabled={busy} data-testid="elicitation-decline">
            Decline
          </button>
        </>
      }
    >
      <p data-testid="elicitation-message">{request.message}</p>
      {error && !issuesOf(error).length && <ErrorNotice error={error} />}
      <ToolForm
        tool={tool}
        value={values}
        onChange={setValues}
        onSubmit={(args) => reply('accept', args)}
        submitLabel="Accept"
        busy={busy}
        issues={error ? issuesOf(error) : []}
      />
    </RequestModal>
  );
}

/** An MCP server's sampling request: what it would send the persona's brain; Approve sends it, Decline refuses. */
function SamplingDialog({ request }: { request: McpPendingRequest }) {
  const { answer, busy, error } = useAnswer(request.requestId);
  const params = (request.sampling ?? {}) as {
    messages?: SamplingMessage[];
    systemPrompt?: string;
    maxTokens?: number;
    temperature?: number;
  };
  const reply = (action: 'accept' | 'decline') => void answer({ action });
  return (
    <RequestModal
      request={request}
      onClose={() => reply('decline')}
      actions={
        <>
          <button type="button" data-autofocus onClick={() => reply('decline')} disabled={busy}>
            Decline
          </button>
          <button type="button" className="primary" onClick={() => reply('accept')} disabled={busy}>
            Approve and send to the brain
          </button>
        </>
      }
    >
      {error && <ErrorNotice error={error} />}
      {params.systemPrompt && (
        <p className="small">
          <span className="badge">system</span> {params.systemPrompt}
        </p>
      )}
      <ol className="mcp-messages" data-testid="sampling-messages">
        {(params.messages ?? []).map((m, i) => (
          <li key={i}>
            <span className="badge">{m.role}</span> <span className="prompt-text">{contentText(m.content)}</span>
          </li>
        ))}
      </ol>
      <p className="small muted">
        {params.maxTokens !== undefined && `At most ${params.maxTokens} tokens. `}
        {params.temperature !== undefined && `Temperature ${params.temperature}.`}
      </p>
      <details>
        <summary className="small">The request as the server sent it</summary>
        <JsonView value={request.sampling} />
      </details>
    </RequestModal>
  );
}

/** The oldest request an MCP server is waiting on, as its dialog (the next one opens when it is answered). */
export function McpRequestDialog() {
  const request = useApp((s) => s.mcpRequests[0] ?? null);
  if (!request) return null;
  return request.kind === 'elicitation' ? (
    <ElicitationDialog key={request.requestId} request={request} />
  ) : (
    <SamplingDialog key={request.requestId} request={request} />
  );
}
