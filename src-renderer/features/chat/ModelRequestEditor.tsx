import { useMemo, useRef } from 'react';
import { ModelRequest, type PausedAtModel, type PauseState } from '../../../shared/domain/debug';
import { useApp } from '../../store/context';
import { ErrorNotice } from '../../components/ErrorNotice';
import { DebugButtons, DebugKeysHint } from './DebugButtons';
import { PausedClock } from './PausedClock';
import { sameJson } from './debug-rows';
import { usePauseFocus } from './use-pause-focus';

/** Largest request text the editor accepts (outside input: it goes to main as it is). */
export const MAX_REQUEST_CHARS = 2_000_000;

type Checked = { ok: true; value: ModelRequest } | { ok: false; errors: string[] };

/** Parses the editor's text and checks it against the request shape; the errors name the field. */
export function checkRequest(text: string): Checked {
  if (text.length > MAX_REQUEST_CHARS)
    return { ok: false, errors: [`The request is over ${MAX_REQUEST_CHARS.toLocaleString('en')} characters.`] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [`Invalid JSON: ${e instanceof Error ? e.message : String(e)}`] };
  }
  const parsed = ModelRequest.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`),
  };
}

/** The request editor of a model pause (where the keyboard goes when the run pauses there). */
const editorOf = (root: HTMLElement) => root.querySelector<HTMLElement>('textarea.request-editor');

/**
 * Paused before the model: the exact request the loop is about to send (messages, tools, parameters) in a JSON
 * editor checked against the request shape; Send (the edit), or Step / Continue with it unchanged, or Stop.
 */
export function ModelRequestEditor({ pause, at }: { pause: PauseState; at: PausedAtModel }) {
  const original = useMemo(() => JSON.stringify(at.request, null, 2), [at.request]);
  const text = useApp((s) => s.pauseEdits[pause.pauseId]?.requestText) ?? original;
  const editPause = useApp((s) => s.editPause);
  const resume = useApp((s) => s.resume);
  const busy = useApp((s) => s.resuming === pause.pauseId);
  const refused = useApp((s) => (s.resumeError?.pauseId === pause.pauseId ? s.resumeError.error : null));
  const checked = useMemo(() => checkRequest(text), [text]);
  const edited = checked.ok ? !sameJson(checked.value, at.request) : text !== original;
  const r = at.request;
  const rootRef = useRef<HTMLDivElement>(null);
  usePauseFocus(rootRef, pause.pauseId, editorOf);
  const params = Object.entries(r.parameters)
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
    .join(' · ');

  return (
    <div className="msg model-pause" data-testid="model-pause" ref={rootRef}>
      <div className="who">
        Paused before the model <span className="badge paused">Paused</span>
        <PausedClock since={pause.since} />
        {edited && (
          <span className="badge paused" data-testid="request-edited">
            edited
          </span>
        )}
      </div>
      <p className="small paused-why">
        {pause.reason === 'step' ? 'Stepped to the next request.' : 'Pause before the model is on.'} This is the exact
        request the brain gets: {r.messages.length} message{r.messages.length === 1 ? '' : 's'}, {r.tools.length} tool
        {r.tools.length === 1 ? '' : 's'}
        {params ? ` · ${params}` : ''}. Edit it (the system prompt, a tool result, remove a tool) and Send, or Continue
        with it as it is. <DebugKeysHint />
      </p>
      <RequestSummary request={checked.ok ? checked.value : r} />
      <label className="small muted" htmlFor={`request-${pause.pauseId}`}>
        Request (JSON: messages, tools, parameters)
      </label>
      <textarea
        id={`request-${pause.pauseId}`}
        className="code request-editor"
        data-testid="request-editor"
        spellCheck={false}
        rows={Math.min(16, text.split('\n').length + 1)}
        value={text}
        aria-invalid={!checked.ok}
        onChange={(e) => editPause(pause.pauseId, { requestText: e.target.value })}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key === 'Enter' && checked.ok && edited) {
            e.preventDefault();
            void resume(pause, { action: 'send', request: checked.value });
          }
        }}
      />
      {!checked.ok && (
        <ul className="field-error" data-testid="request-errors" role="alert">
          {checked.errors.slice(0, 8).map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {refused && <ErrorNotice error={refused} testId="resume-error" />}
      <div className="form-actions">
        <button
          className="primary"
          disabled={busy || !checked.ok || !edited}
          title={
            edited ? 'Send this edited request to the brain' : 'Edit the request first, or Continue to send it as it is'
          }
          onClick={() => checked.ok && void resume(pause, { action: 'send', request: checked.value })}
        >
          Send
        </button>
        <button
          className="ghost small"
          disabled={!edited}
          onClick={() => editPause(pause.pauseId, { requestText: original })}
        >
          Undo edits
        </button>
        <DebugButtons pause={pause} />
      </div>
    </div>
  );
}

/** The request at a glance: each message's role (and the calls or tool it carries), the tools offered. */
function RequestSummary({ request }: { request: ModelRequest }) {
  return (
    <div className="request-summary small" data-testid="request-summary">
      <div className="calls">
        <span className="muted">messages</span>
        {request.messages.map((m, i) => (
          <code key={i} title={m.content.slice(0, 400)}>
            {m.role}
            {m.toolCalls?.length ? ` → ${m.toolCalls.map((c) => c.name).join(', ')}` : ''}
            {m.role === 'tool' && m.name ? ` (${m.name})` : ''}
          </code>
        ))}
      </div>
      <div className="calls">
        <span className="muted">tools</span>
        {request.tools.length ? (
          request.tools.map((t) => <code key={t.function.name}>{t.function.name}</code>)
        ) : (
          <span className="muted">none: the model can only answer</span>
        )}
      </div>
    </div>
  );
}
