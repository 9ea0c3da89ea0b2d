import type Form from '@rjsf/core/lib/components/Form.js';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ValidationIssue } from '../../../shared/domain/errors';
import { issuesToErrorSchema } from '../../lib/issues-to-error-schema';
import { modKey } from '../../lib/keys';
import { SchemaForm } from './SchemaForm';
import { useRawJson } from './use-raw-json';

/** What the form needs of a tool: its name (for field ids) and its argument JSON Schema. */
export interface ToolFormTool {
  name: string;
  /** Makes field ids unique when two toolboxes have a tool of the same name. */
  scope?: string;
  /** Shown above the fields when given (the Tools pane shows it in its own header instead). */
  description?: string;
  schema: unknown;
}

export type ToolArgs = Record<string, unknown>;

export interface ToolFormProps {
  tool: ToolFormTool;
  /** The arguments shown (a prefill); a new object from outside replaces what is typed. */
  value: ToolArgs;
  /** Called on every edit; without it the form keeps its own state, starting from `value`. */
  onChange?(args: ToolArgs): void;
  /** Validated arguments (the form checks the schema first; raw JSON is sent as it is, for main to validate). */
  onSubmit(args: ToolArgs): void;
  /** Main's validation issues, shown on their fields. */
  issues?: ValidationIssue[];
  submitLabel?: string;
  busy?: boolean;
  /** More buttons beside Run and the JSON toggle (e.g. "Skip" on a paused call). */
  actions?: ReactNode;
  /** Ctrl/Cmd+Enter submits from anywhere in the window (the Tools pane), not only from inside the form. */
  globalShortcut?: boolean;
  /** What the value is, for the raw-JSON label and help (default: the call's arguments; a mocked result says so). */
  valueKind?: 'arguments' | 'result';
}

/** rjsf's `.a.0['b c']` as `a.0.b c`; the root as "arguments". */
function fieldPath(property: string | undefined): string {
  const path = (property ?? '').replace(/\['(.*?)'\]/g, '.$1').replace(/^\./, '');
  return path || 'arguments';
}

/**
 * A tool's arguments as a form generated from its JSON Schema, or as raw JSON: Run, main's issues on the
 * fields, a prefill. Props in, no store: the Tools pane and a paused TOOL card embed the same form.
 */
export function ToolForm({
  tool,
  value,
  onChange,
  onSubmit,
  issues,
  submitLabel = 'Run tool',
  busy = false,
  actions,
  globalShortcut = false,
  valueKind = 'arguments',
}: ToolFormProps) {
  const [own, setOwn] = useState<ToolArgs>(value);
  const [given, setGiven] = useState(value);
  const [emitted, setEmitted] = useState<ToolArgs | null>(null);
  const data = onChange ? value : own;
  /** What the schema refused at the last Run: listed under the buttons, so a field out of sight still says why. */
  const [blocked, setBlocked] = useState<RJSFValidationError[] | null>(null);
  const setData = (v: ToolArgs) => {
    setEmitted(v);
    setBlocked(null);
    if (onChange) onChange(v);
    else setOwn(v);
  };
  const raw = useRawJson(data, setData);
  if (value !== given) {
    setGiven(value);
    if (value !== emitted) {
      if (!onChange) setOwn(value);
      raw.reset(value);
    }
  }

  const formRef = useRef<Form>(null);
  const submit = () => {
    if (busy) return;
    if (raw.open) {
      if (!raw.error) onSubmit(data);
    } else formRef.current?.submit();
  };
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  useEffect(() => {
    if (!globalShortcut) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
        e.preventDefault();
        submitRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [globalShortcut]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!globalShortcut && (e.ctrlKey || e.metaKey) && e.key === 'Enter') {
      e.preventDefault();
      submit();
    }
  };

  const extraErrors = useMemo(() => (issues?.length ? issuesToErrorSchema(issues) : undefined), [issues]);
  const scope = tool.scope ? `${tool.scope}-` : '';
  const rawId = `raw-args-${scope}${tool.name}`;

  return (
    <div className="tool-form" data-testid="tool-form" onKeyDown={onKeyDown}>
      {tool.description && <p className="help tool-form-description">{tool.description}</p>}
      {raw.open ? (
        <div className="field">
          <label htmlFor={rawId}>{valueKind === 'result' ? 'Result' : 'Arguments'} (JSON)</label>
          <textarea
            id={rawId}
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
            <p className="help">
              {valueKind === 'result'
                ? "Sent as it is: main validates it against the tool's output schema."
                : 'Sent as it is: main validates it, exactly as for a call from the model.'}
            </p>
          )}
        </div>
      ) : (
        <SchemaForm
          formRef={formRef}
          idPrefix={`tool-${scope}${tool.name}`}
          schema={tool.schema as RJSFSchema}
          formData={data}
          onChange={(d) => setData((d ?? {}) as ToolArgs)}
          onSubmit={(d) => {
            setBlocked(null);
            onSubmit((d ?? {}) as ToolArgs);
          }}
          onError={setBlocked}
          extraErrors={extraErrors}
        />
      )}
      <div className="form-actions">
        <button
          className="primary"
          data-testid="run-tool"
          onClick={submit}
          disabled={busy || (raw.open && !!raw.error)}
          title={`${modKey()}+Enter`}
        >
          {busy ? <span className="spinner" /> : null} {submitLabel}
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
        {actions}
        <span className="small muted">
          <kbd>{modKey()}</kbd>+<kbd>Enter</kbd> runs
        </span>
      </div>
      {blocked && blocked.length > 0 && !raw.open && (
        <div className="notice error small form-blocked" role="alert" data-testid="form-blocked">
          Not sent: {blocked.length === 1 ? 'one value does' : `${blocked.length} values do`} not fit the schema.
          <ul>
            {blocked.map((e, i) => (
              <li key={i}>
                <code>{fieldPath(e.property)}</code> {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
