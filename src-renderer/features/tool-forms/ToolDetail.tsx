import type Form from '@rjsf/core/lib/components/Form.js';
import type { RJSFSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ToolInfo } from '../../../shared/domain/tool';
import { useApp } from '../../store/context';
import { toolKey, type HistoryEntry } from '../../store/tools-slice';
import { issuesOf } from '../../lib/api-error';
import { issuesToErrorSchema } from '../../lib/issues-to-error-schema';
import { JsonView } from '../../components/JsonView';
import { SchemaForm } from './SchemaForm';
import { ToolHistory } from './ToolHistory';
import { ToolOutput } from './ToolOutput';
import { useRawJson } from './use-raw-json';
import { modKey } from '../../lib/keys';

const NO_HISTORY: HistoryEntry[] = [];

/** One tool: its form (or raw JSON), Run, the output, the history, and what the model is sent. */
export function ToolDetail({ tool }: { tool: ToolInfo }) {
  const ref = useMemo(() => ({ toolboxId: tool.toolboxId, name: tool.name }), [tool.toolboxId, tool.name]);
  const key = toolKey(ref);
  const history = useApp((s) => s.history[key] ?? NO_HISTORY);
  const prefill = useApp((s) => s.prefill);
  const calling = useApp((s) => s.calling === key);
  const callTool = useApp((s) => s.callTool);
  const [formData, setFormData] = useState<Record<string, unknown>>(() =>
    prefill && toolKey(prefill) === key ? prefill.args : {},
  );
  const [shown, setShown] = useState<HistoryEntry | null>(null);
  const raw = useRawJson(formData, setFormData);
  const formRef = useRef<Form>(null);

  const setTab = useApp((s) => s.setTab);
  /** The form holds a traced call's arguments (until it is run): say where they came from, and the way back. */
  const [fromTrace, setFromTrace] = useState(() => !!prefill && toolKey(prefill) === key);
  const [appliedNonce, setAppliedNonce] = useState(prefill?.nonce);
  if (prefill && prefill.nonce !== appliedNonce && toolKey(prefill) === key) {
    setAppliedNonce(prefill.nonce);
    setFormData(prefill.args);
    setFromTrace(true);
    raw.reset(prefill.args);
    setShown(null);
  }

  const run = async (args: Record<string, unknown>) => {
    setFromTrace(false);
    setShown(await callTool(ref, args));
  };
  const submit = () => {
    if (calling) return;
    if (raw.open) {
      if (!raw.error) void run(formData);
    } else formRef.current?.submit();
  };
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
        e.preventDefault();
        submitRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A traced call opened here puts the keyboard in its form (the button that opened it is gone with the chat).
  const formCardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (fromTrace) formCardRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [fromTrace, appliedNonce]);

  // Under a long form (or below it in a narrow window) the output may be off screen: bring it into view.
  const sideRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) sideRef.current?.querySelector('[data-testid="tool-output"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);

  const serverIssues = shown && !shown.outcome.ok ? issuesOf(shown.outcome.error) : [];
  const extraErrors = serverIssues.length ? issuesToErrorSchema(serverIssues) : undefined;
  const schema = tool.argument_schema as RJSFSchema;

  return (
    <div className="tool-detail" data-testid="tool-detail">
      <header className="tool-head">
        <div className="row">
          <h2 className="grow">{tool.name}</h2>
          <span className="badge">{tool.toolboxId}</span>
        </div>
        <p>{tool.description || <span className="muted">No description.</span>}</p>
        {tool.unavailable && (
          <div className="notice warn small" style={{ marginTop: 8 }} data-testid="tool-unavailable">
            Not offered to the model: {tool.unavailable}
          </div>
        )}
        {tool.renamedBecause && (
          <div className="notice warn small" style={{ marginTop: 8 }} data-testid="renamed-because">
            The model sees this tool as <code>{tool.modelName}</code>: {tool.renamedBecause}
          </div>
        )}
      </header>

      <div className="tool-body">
        <section className="card form-card" ref={formCardRef}>
          {fromTrace && (
            <div className="notice small from-trace" data-testid="from-trace">
              Filled in with the arguments the model sent in the chat. Run it to call the real tool again, or edit them
              first.{' '}
              <button type="button" className="link small" onClick={() => setTab('chat')}>
                Back to the chat
              </button>
            </div>
          )}
          {raw.open ? (
            <div className="field">
              <label htmlFor="raw-args">Arguments (JSON)</label>
              <textarea
                id="raw-args"
                className="code"
                rows={10}
                value={raw.text}
                aria-invalid={!!raw.error}
                data-testid="raw-args"
                onChange={(e) => raw.edit(e.target.value)}
              />
              {raw.error ? (
                <p className="field-error" data-testid="raw-error">
                  Invalid JSON, nothing will be sent: {raw.error}
                </p>
              ) : (
                <p className="help">Sent as it is: main validates it, exactly as for a call from the model.</p>
              )}
            </div>
          ) : (
            <SchemaForm
              formRef={formRef}
              idPrefix={`tool-${tool.toolboxId}-${tool.name}`}
              schema={schema}
              formData={formData}
              onChange={(d) => setFormData((d ?? {}) as Record<string, unknown>)}
              onSubmit={(d) => void run((d ?? {}) as Record<string, unknown>)}
              extraErrors={extraErrors}
            />
          )}
          <div className="form-actions">
            <button
              className="primary"
              data-testid="run-tool"
              onClick={submit}
              disabled={calling || (raw.open && !!raw.error)}
              title={`${modKey()}+Enter`}
            >
              {calling ? <span className="spinner" /> : null} Run tool
            </button>
            <button
              className="ghost"
              data-testid="toggle-raw"
              onClick={raw.toggle}
              disabled={raw.open && !!raw.error}
              aria-pressed={raw.open}
            >
              {raw.open ? 'Back to form' : 'Edit as JSON'}
            </button>
            <span className="small muted">
              <kbd>{modKey()}</kbd>+<kbd>Enter</kbd> runs
            </span>
          </div>
        </section>

        <div className="tool-side" ref={sideRef}>
          {shown ? (
            <ToolOutput outcome={shown.outcome} />
          ) : (
            <p className="small muted" style={{ margin: 0 }}>
              Run the tool to see its validated output here, or the error with its code.
            </p>
          )}

          <ToolHistory
            entries={history}
            busy={calling}
            onLoad={(e) => {
              setFormData(e.args);
              raw.reset(e.args);
              setShown(e);
            }}
            onRerun={(e) => {
              setFormData(e.args);
              raw.reset(e.args);
              void run(e.args);
            }}
          />

          <details data-testid="openai-json">
            <summary>What the model is sent for this tool (OpenAI tool JSON)</summary>
            <JsonView value={tool.openai} />
          </details>
        </div>
      </div>
    </div>
  );
}
