import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../store/context';
import { breakpointCount, toolScope } from '../../store/debug-slice';
import { BreakpointsPopover } from './BreakpointsPopover';
import { Switch } from './Switch';

/** The breakpoints that are one on/off flag each (Pause before tools has a scope besides). */
const FLAG_SWITCHES = [
  {
    flag: 'beforeModel',
    label: 'Pause before the model',
    title:
      'Stop before each request to the brain: see the exact messages, tools and parameters, edit them or send as they are',
    testId: 'bp-model',
  },
  {
    flag: 'onToolError',
    label: 'Pause on tool error',
    title:
      'Stop after a tool call fails, before its error goes back to the model: run it again, mock a result or let the error through',
    testId: 'bp-error',
  },
] as const;

/**
 * The chat toolbar's breakpoints: the three switches (remembered per persona, in main) and a popover that lists
 * what is set and narrows "Pause before tools" to chosen tools or conditions. They can change while a run is paused.
 */
export function BreakpointsBar() {
  const b = useApp((s) => s.breakpoints);
  const set = useApp((s) => s.setBreakpoints);
  const personaId = useApp((s) => s.selectedId);
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  if (!personaId) return null;
  const count = breakpointCount(b);
  return (
    <div className="debug-bar" role="toolbar" aria-label="Breakpoints" data-testid="breakpoints-bar">
      <Switch
        label="Pause before tools"
        checked={b.beforeTools.enabled}
        onChange={(enabled) => void set({ ...b, beforeTools: { ...b.beforeTools, enabled } })}
        title={`Stop the loop before ${toolScope(b)} runs: edit the arguments, mock the result or deny the call`}
        testId="bp-tools"
      />
      {b.beforeTools.enabled && (
        <span className="small muted" data-testid="bp-tools-scope">
          ({toolScope(b)})
        </span>
      )}
      {FLAG_SWITCHES.map(({ flag, label, title, testId }) => (
        <Switch
          key={flag}
          label={label}
          checked={b[flag]}
          onChange={(on) => void set({ ...b, [flag]: on })}
          title={title}
          testId={testId}
        />
      ))}
      <div className="popover-wrap" ref={wrap}>
        <button
          ref={button}
          className="small ghost"
          data-testid="breakpoints-button"
          aria-expanded={open}
          aria-haspopup="dialog"
          onClick={() => setOpen(!open)}
        >
          Breakpoints {count > 0 && <span className="badge paused">{count}</span>} ▾
        </button>
        {open && <BreakpointsPopover onClose={close} />}
      </div>
    </div>
  );
}
