import { useState } from 'react';
import type { ToolCall } from '../../../shared/domain/message';
import { ErrorNotice } from '../../components/ErrorNotice';
import { issuesOf } from '../../lib/api-error';
import { Modal } from '../../components/Modal';
import { ToolForm } from '../../components/tool-form/ToolForm';
import { useApp } from '../../store/context';
import { findTool } from '../../store/tools-slice';
import { firstFormField } from '../../lib/form-focus';
import type { ForkRequest } from '../../store/time-travel-slice';

const ANY_OBJECT = { type: 'object', additionalProperties: true };

/** The assistant turn's tool calls as the JSON the user edits; ids are kept so the trace stays readable. */
function parseCalls(text: string): ToolCall[] {
  const value: unknown = JSON.parse(text || '[]');
  if (!Array.isArray(value)) throw new Error('Tool calls are a JSON list: [{"name": "...", "arguments": {...}}].');
  return value.map((c: unknown, i) => {
    const call = c as { id?: unknown; name?: unknown; arguments?: unknown };
    if (typeof call?.name !== 'string' || !call.name) throw new Error(`Call ${i + 1} has no "name".`);
    const args = call.arguments ?? {};
    if (typeof args !== 'object' || Array.isArray(args)) throw new Error(`Call ${i + 1}: "arguments" is an object.`);
    return {
      id: typeof call.id === 'string' && call.id ? call.id : `fork_call_${i + 1}`,
      name: call.name,
      arguments: args as Record<string, unknown>,
    };
  });
}

/**
 * "Fork from here": edit the step first (your message; the assistant's text and tool calls; the tool's result in
 * the tool's output form or as JSON), then the fork copies the history before it and the loop goes on live.
 */
export function ForkDialog() {
  const request = useApp((s) => s.forking);
  if (!request) return null;
  return <ForkEditor key={JSON.stringify(request).slice(0, 200)} request={request} />;
}

function ForkEditor({ request }: { request: ForkRequest }) {
  const openFork = useApp((s) => s.openFork);
  const close = () => openFork(null);
  const fork = useApp((s) => s.fork);
  const busy = useApp((s) => s.forkBusy);
  const error = useApp((s) => s.forkError);
  const toolboxes = useApp((s) => s.toolboxes);
  const [text, setText] = useState(request.kind === 'tool' ? '' : request.content);
  const [calls, setCalls] = useState(() =>
    request.kind === 'assistant'
      ? JSON.stringify(
          request.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })),
          null,
          2,
        )
      : '',
  );
  const [result, setResult] = useState<Record<string, unknown>>(request.kind === 'tool' ? request.result : {});
  const [local, setLocal] = useState<string | null>(null);

  const submit = () => {
    setLocal(null);
    if (request.kind === 'user') {
      if (!text.trim()) return setLocal('The message is empty.');
      return void fork({ kind: 'user', content: text });
    }
    if (request.kind === 'assistant') {
      try {
        return void fork({ kind: 'assistant', content: text, toolCalls: parseCalls(calls) });
      } catch (e) {
        return setLocal((e as Error).message);
      }
    }
    void fork({ kind: 'tool', result });
  };
  const tool = request.kind === 'tool' ? findTool(toolboxes, request.toolboxId, request.name) : null;
  const title =
    request.kind === 'user'
      ? 'Fork from your message'
      : request.kind === 'assistant'
        ? 'Fork from this assistant turn'
        : `Fork from ${request.name}'s result`;
  return (
    <Modal
      title={title}
      onClose={close}
      testId="fork-dialog"
      wide
      // A tool's result starts with the keyboard in its form's first field (not on Fork and continue).
      initialFocus={request.kind === 'tool' ? firstFormField : undefined}
      actions={
        <>
          <button onClick={close}>Cancel</button>
          {request.kind !== 'tool' && (
            <button className="primary" data-testid="fork-submit" onClick={submit} disabled={busy}>
              Fork and continue
            </button>
          )}
        </>
      }
    >
      <p className="small muted">
        A new session: the history before this step is copied as it is (no request to the model, no tool runs), this
        step becomes what you enter here, then the loop goes on live.
      </p>
      {request.kind !== 'tool' && (
        <label className="stack" style={{ gap: 4 }}>
          <span className="small">{request.kind === 'user' ? 'Your message' : "The assistant's text"}</span>
          <textarea
            data-autofocus
            data-testid="fork-text"
            rows={request.kind === 'user' ? 4 : 3}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
      )}
      {request.kind === 'assistant' && (
        <label className="stack" style={{ gap: 4 }}>
          <span className="small">Tool calls (JSON list; empty list: this turn is the answer)</span>
          <textarea
            className="mono"
            data-testid="fork-calls"
            rows={8}
            value={calls}
            onChange={(e) => setCalls(e.target.value)}
          />
        </label>
      )}
      {request.kind === 'tool' && (
        <section data-testid="fork-result" aria-label="The tool's result">
          <h4 className="small">The result the model gets (the tool does not run)</h4>
          {!tool && (
            <div className="notice warn small">
              This persona has no tool <code>{request.name}</code> now: enter the result as JSON.
            </div>
          )}
          <ToolForm
            tool={{
              name: `${request.name}-fork`,
              scope: `fork-${request.toolCallId}`,
              schema: tool?.output_schema ?? ANY_OBJECT,
            }}
            value={result}
            onChange={setResult}
            onSubmit={(r) => void fork({ kind: 'tool', result: r })}
            submitLabel="Fork and continue"
            issues={error?.code === 'tool_output_invalid' ? issuesOf(error) : []}
            valueKind="result"
            busy={busy}
          />
        </section>
      )}
      {local && (
        <div className="notice err small" role="alert" data-testid="fork-local-error">
          {local}
        </div>
      )}
      {error && <ErrorNotice error={error} testId="fork-error" />}
    </Modal>
  );
}
