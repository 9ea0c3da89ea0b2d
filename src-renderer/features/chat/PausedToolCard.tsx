import { useRef, useState } from 'react';
import type { PausedAtTool, PauseState, ToolArgs } from '../../../shared/domain/debug';
import { issuesOf } from '../../lib/api-error';
import { useApp } from '../../store/context';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ToolForm } from '../../components/tool-form/ToolForm';
import { DebugButtons, DebugKeysHint } from './DebugButtons';
import { ArgsDiff } from './DebugMarks';
import { argChanges } from './debug-rows';
import { firstFormField } from '../../lib/form-focus';
import { usePauseFocus } from './use-pause-focus';

const ANY_OBJECT = { type: 'object', additionalProperties: true };

/** Why the run stopped at this call, in a sentence. */
function why(pause: PauseState, at: PausedAtTool): string {
  const place = at.count > 1 ? ` (call ${at.index + 1} of ${at.count} in this turn: they pause one at a time)` : '';
  switch (pause.reason) {
    case 'tool_error':
      return `The call failed. Decide what goes back to the model: the error (Continue), a new try (Run), a result of your own (Mock result) or a denial${place}.`;
    case 'approval':
      return `This tool asks for approval before it runs${place}.`;
    case 'step':
      return `Stepped to this call, before it runs${place}.`;
    case 'breakpoint':
      return `Paused before this call runs (Pause before tools)${place}.`;
  }
}

/**
 * A paused TOOL card's body: the tool's own form (the Tools pane's, same validation) prefilled with the model's
 * arguments, and what to do with the call: Run (edited or not), Mock result, Deny, Step, Continue, Stop.
 */
export function PausedToolCard({ pause, at }: { pause: PauseState; at: PausedAtTool }) {
  const edit = useApp((s) => s.pauseEdits[pause.pauseId]);
  const editPause = useApp((s) => s.editPause);
  const resume = useApp((s) => s.resume);
  const busy = useApp((s) => s.resuming === pause.pauseId);
  const refused = useApp((s) => (s.resumeError?.pauseId === pause.pauseId ? s.resumeError.error : null));
  const [panel, setPanel] = useState<'mock' | 'deny' | null>(null);
  const [reason, setReason] = useState('');
  const [mock, setMock] = useState<ToolArgs>({});
  const base = at.ranArguments ?? at.arguments;
  const args = edit?.args ?? base;
  const argIssues = refused?.code === 'tool_input_invalid' ? issuesOf(refused) : [];
  const mockIssues = refused?.code === 'tool_output_invalid' ? issuesOf(refused) : [];
  const argsRef = useRef<HTMLDivElement>(null);
  usePauseFocus(argsRef, pause.pauseId, firstFormField);

  return (
    <div className="paused-body" data-testid="paused-tool">
      <p className="small paused-why">
        {why(pause, at)} <DebugKeysHint />
      </p>
      {at.error && <ErrorNotice error={at.error} testId="paused-tool-error" />}
      {!at.argumentSchema && (
        <div className="notice warn small">
          No toolbox of this persona offers <code>{at.name}</code>: there is no schema for a form. Deny it, mock a
          result, or edit the arguments as JSON.
        </div>
      )}
      <div data-testid="paused-args" ref={argsRef}>
        <ToolForm
          tool={{ name: at.name, scope: `paused-${at.toolCallId}`, schema: at.argumentSchema ?? ANY_OBJECT }}
          value={args}
          onChange={(a) => editPause(pause.pauseId, { args: a })}
          onSubmit={(a) => void resume(pause, { action: 'run', arguments: a })}
          issues={argIssues}
          submitLabel="Run"
          busy={busy}
          actions={
            <>
              <button
                className="small"
                aria-pressed={panel === 'mock'}
                onClick={() => setPanel(panel === 'mock' ? null : 'mock')}
                title="Do not run the tool: enter the result the model gets"
              >
                Mock result
              </button>
              <button
                className="small"
                aria-pressed={panel === 'deny'}
                onClick={() => setPanel(panel === 'deny' ? null : 'deny')}
                title="Do not run the tool: the model is told the user denied the call"
              >
                Deny
              </button>
              <DebugButtons pause={pause} />
            </>
          }
        />
      </div>
      {argChanges(base, args).length > 0 && (
        <div className="paused-edit small">
          <span className="muted">Your edit (Run sends it; Step and Continue go on with the model's arguments):</span>
          <ArgsDiff original={base} edited={args} testId="paused-diff" />
        </div>
      )}
      {refused && !argIssues.length && !mockIssues.length && <ErrorNotice error={refused} testId="resume-error" />}
      {panel === 'mock' && (
        <section className="paused-panel" data-testid="mock-form" aria-label="Mocked result">
          <h4>The result the model gets instead (the tool does not run)</h4>
          <ToolForm
            tool={{ name: `${at.name}-result`, scope: `mock-${at.toolCallId}`, schema: at.outputSchema ?? ANY_OBJECT }}
            value={mock}
            onChange={setMock}
            onSubmit={(r) => void resume(pause, { action: 'mock', result: r })}
            issues={mockIssues}
            submitLabel="Return this result"
            valueKind="result"
            busy={busy}
          />
          {mockIssues.length > 0 && <ErrorNotice error={refused!} testId="mock-error" />}
        </section>
      )}
      {panel === 'deny' && (
        <section className="paused-panel row" data-testid="deny-form" aria-label="Deny the call">
          <input
            className="grow"
            aria-label="Reason (optional)"
            placeholder="Reason (optional): the model reads it"
            value={reason}
            maxLength={2000}
            onChange={(e) => setReason(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void resume(pause, { action: 'deny', reason: reason || undefined })}
          />
          <button
            className="danger small"
            disabled={busy}
            onClick={() => void resume(pause, { action: 'deny', reason: reason || undefined })}
          >
            Send denial
          </button>
        </section>
      )}
    </div>
  );
}
