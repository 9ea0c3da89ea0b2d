import { useEffect, useMemo, useRef, useState } from 'react';
import type { ToolInfo } from '../../../shared/domain/tool';
import { useApp } from '../../store/context';
import { toolKey, type HistoryEntry } from '../../store/tools-slice';
import { issuesOf } from '../../lib/api-error';
import { JsonView } from '../../components/JsonView';
import { ToolForm } from '../../components/tool-form/ToolForm';
import { ToolCalls } from './ToolCalls';
import { ToolOutput } from './ToolOutput';
import { ProgressBar } from '../../components/ProgressBar';
import { useToolResultEnv } from '../../hooks/use-tool-result-env';
import { firstFormField } from '../../lib/form-focus';

/**
 * One tool: its form (or raw JSON), Run, the output, the history, and what the model is sent. Each new
 * `focusRequest` (the tool picked in the list) puts the keyboard in the form's first field.
 */
export function ToolDetail({ tool, focusRequest = 0 }: { tool: ToolInfo; focusRequest?: number }) {
  const ref = useMemo(() => ({ toolboxId: tool.toolboxId, name: tool.name }), [tool.toolboxId, tool.name]);
  const key = toolKey(ref);
  const prefill = useApp((s) => s.prefill);
  const calling = useApp((s) => s.calling === key);
  const callTool = useApp((s) => s.callTool);
  const cancelCall = useApp((s) => s.cancelToolCall);
  const progress = useApp((s) => (calling && s.callingId ? s.toolProgress[s.callingId] : undefined));
  const [formData, setFormData] = useState<Record<string, unknown>>(() =>
    prefill && toolKey(prefill) === key ? prefill.args : {},
  );
  const [shown, setShown] = useState<HistoryEntry | null>(null);
  const envFor = useToolResultEnv();
  const { onOpenResource } = useMemo(() => envFor(tool.toolboxId, tool.name), [envFor, tool.toolboxId, tool.name]);

  const setTab = useApp((s) => s.setTab);
  /** The form holds a traced call's arguments (until it is run): say where they came from, and the way back. */
  const [fromTrace, setFromTrace] = useState(() => !!prefill && toolKey(prefill) === key);
  const [appliedNonce, setAppliedNonce] = useState(prefill?.nonce);
  if (prefill && prefill.nonce !== appliedNonce && toolKey(prefill) === key) {
    setAppliedNonce(prefill.nonce);
    setFormData(prefill.args);
    setFromTrace(true);
    setShown(null);
  }

  const run = async (args: Record<string, unknown>) => {
    setFromTrace(false);
    setShown(await callTool(ref, args));
  };

  // A traced call opened here puts the keyboard in its form (the button that opened it is gone with the chat).
  const formCardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (fromTrace) firstFormField(formCardRef.current)?.focus();
  }, [fromTrace, appliedNonce]);
  useEffect(() => {
    if (focusRequest) firstFormField(formCardRef.current)?.focus();
  }, [focusRequest]);

  // Under a long form (or below it in a narrow window) the output may be off screen: bring it into view.
  const sideRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) sideRef.current?.querySelector('[data-testid="tool-output"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);

  const serverIssues = useMemo(() => (shown && !shown.outcome.ok ? issuesOf(shown.outcome.error) : []), [shown]);
  const formTool = useMemo(
    () => ({ name: tool.name, scope: tool.toolboxId, schema: tool.argument_schema }),
    [tool.name, tool.toolboxId, tool.argument_schema],
  );

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
        {tool.disabled && (
          <div className="notice small" style={{ marginTop: 8 }} data-testid="tool-off">
            Turned off for this persona: not sent to the model, not served by <code>persona-studio mcp</code>. You can
            still run it here by hand; tick its switch in the list to turn it on.
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
          <ToolForm
            tool={formTool}
            value={formData}
            onChange={setFormData}
            onSubmit={(args) => void run(args)}
            issues={serverIssues}
            busy={calling}
            globalShortcut
            actions={
              calling && (
                <button type="button" className="danger" data-testid="cancel-call" onClick={() => void cancelCall()}>
                  Cancel
                </button>
              )
            }
          />
          {calling && progress && <ProgressBar progress={progress} />}
        </section>

        <div className="tool-side" ref={sideRef}>
          {shown?.outcome.ok && shown.outcome.omittedChars !== undefined ? (
            <p className="notice small" data-testid="result-not-kept">
              This result ({shown.outcome.omittedChars.toLocaleString('en')} characters) was too big to keep in the
              history: Re-run the call to see it.
            </p>
          ) : shown ? (
            <ToolOutput outcome={shown.outcome} outputSchema={tool.output_schema} onOpenResource={onOpenResource} />
          ) : (
            <p className="small muted" style={{ margin: 0 }}>
              Run the tool to see its validated output here, or the error with its code.
            </p>
          )}

          <ToolCalls
            tool={ref}
            busy={calling}
            onLoad={(args, entry) => {
              setFormData(args);
              setShown(entry);
            }}
            onRun={(args) => {
              setFormData(args);
              void run(args);
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
