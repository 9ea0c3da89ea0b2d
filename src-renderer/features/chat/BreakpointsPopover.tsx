import { useEffect, useMemo, useRef, useState } from 'react';
import { NO_BREAKPOINTS, type Breakpoints, type ToolCondition } from '../../../shared/domain/debug';
import { useApp } from '../../store/context';
import { toolScope } from '../../store/debug-slice';
import { useWithinWindow } from '../../hooks/use-within-window';

/** Parses the "arguments contain" JSON of a condition: an object, or an error to show. */
export function parseSubset(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (!text.trim()) return { ok: true, value: {} };
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v))
      return { ok: false, error: 'Give a JSON object, like {"expression": "12*9"}.' };
    return { ok: true, value: v as Record<string, unknown> };
  } catch (e) {
    return { ok: false, error: `Invalid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** The breakpoints set, one line each, with the tools and conditions that narrow "Pause before tools". */
export function BreakpointsPopover({ onClose }: { onClose(): void }) {
  const b = useApp((s) => s.breakpoints);
  const set = useApp((s) => s.setBreakpoints);
  const toolboxes = useApp((s) => s.toolboxes);
  const names = useMemo(() => [...new Set(toolboxes.flatMap((t) => t.tools.map((x) => x.modelName)))], [toolboxes]);
  const [tool, setTool] = useState('');
  const [subset, setSubset] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pick = tool || names[0] || '';
  const tools = b.beforeTools;
  const save = (beforeTools: Partial<Breakpoints['beforeTools']>) =>
    void set({ ...b, beforeTools: { ...tools, ...beforeTools } });
  const toggleTool = (name: string) =>
    save({
      enabled: true,
      tools: tools.tools.includes(name) ? tools.tools.filter((t) => t !== name) : [...tools.tools, name],
    });
  const addCondition = () => {
    const parsed = parseSubset(subset);
    if (!parsed.ok) return setError(parsed.error);
    if (!pick) return setError('This persona has no tools to set a condition on.');
    setError(null);
    setSubset('');
    save({ enabled: true, conditions: [...tools.conditions, { tool: pick, argsContain: parsed.value }] });
  };
  const removeCondition = (c: ToolCondition) => save({ conditions: tools.conditions.filter((x) => x !== c) });
  const none = !tools.enabled && !b.beforeModel && !b.onToolError;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.querySelector<HTMLElement>('input, select, button')?.focus(), []);
  useWithinWindow(ref);

  return (
    <div
      ref={ref}
      className="popover card"
      role="dialog"
      aria-label="Breakpoints"
      data-testid="breakpoints-popover"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <h3>Breakpoints</h3>
      {none ? (
        <p className="small muted" data-testid="breakpoints-none">
          None set: runs go through without stopping. Turn on a switch in the toolbar, or choose tools below to pause
          before them.
        </p>
      ) : (
        <ul className="bp-list" data-testid="breakpoints-list">
          {tools.enabled && <li>Pause before tools: {toolScope(b)}</li>}
          {b.beforeModel && <li>Pause before the model: every request</li>}
          {b.onToolError && <li>Pause on tool error</li>}
        </ul>
      )}

      <fieldset className="bp-tools">
        <legend className="small">Pause only before these tools (none ticked: every tool)</legend>
        {names.length ? (
          names.map((n) => (
            <label key={n} className="check small mono">
              <input type="checkbox" checked={tools.tools.includes(n)} onChange={() => toggleTool(n)} /> {n}
            </label>
          ))
        ) : (
          <p className="small muted">This persona has no tools (add toolboxes in the Editor).</p>
        )}
      </fieldset>

      <fieldset className="bp-conditions">
        <legend className="small">…or when a call's arguments contain</legend>
        {tools.conditions.map((c, i) => (
          <div key={i} className="bp-condition small mono" data-testid="bp-condition">
            <span className="grow">
              {c.tool} ⊇ {JSON.stringify(c.argsContain)}
            </span>
            <button className="small ghost" onClick={() => removeCondition(c)} aria-label={`Remove condition ${i + 1}`}>
              Remove
            </button>
          </div>
        ))}
        <div className="bp-add">
          <select aria-label="Tool" value={pick} onChange={(e) => setTool(e.target.value)} disabled={!names.length}>
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <input
            className="mono"
            aria-label="Arguments contain (JSON)"
            placeholder='{"expression": "12*9"}'
            value={subset}
            aria-invalid={!!error}
            onChange={(e) => setSubset(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && addCondition()}
          />
          <button className="small" onClick={addCondition} disabled={!names.length}>
            Add condition
          </button>
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </fieldset>

      <div className="row">
        <span className="small muted grow">Saved for this persona; changes apply at once, also to a paused run.</span>
        <button className="small ghost" onClick={() => void set(NO_BREAKPOINTS)} disabled={none}>
          Clear all
        </button>
        <button className="small" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
