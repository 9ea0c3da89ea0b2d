import { useState } from 'react';
import { plural } from '../../lib/plural';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Objects and arrays above this many entries start folded, as does everything below `openDepth`. */
const BIG = 20;

function Leaf({ value }: { value: Json }) {
  if (value === null) return <span className="jt-null">null</span>;
  if (typeof value === 'string') return <span className="jt-str">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="jt-num">{String(value)}</span>;
  return <span className="jt-bool">{String(value)}</span>;
}

function Node({ name, value, depth, openDepth }: { name?: string; value: Json; depth: number; openDepth: number }) {
  const branch = value !== null && typeof value === 'object';
  const entries = branch
    ? Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value)
    : [];
  const [open, setOpen] = useState(depth < openDepth && entries.length <= BIG);
  const label = name !== undefined && <span className="jt-key">{`${name}: `}</span>;
  if (!branch)
    return (
      <li>
        {label}
        <Leaf value={value} />
      </li>
    );
  const [l, r] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const count = plural(entries.length, Array.isArray(value) ? 'item' : 'key');
  return (
    <li>
      <button
        type="button"
        className="jt-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        disabled={entries.length === 0}
      >
        <span aria-hidden="true">{entries.length === 0 ? ' ' : open ? '▾' : '▸'}</span>
        {label}
        {open || entries.length === 0 ? (
          l + (entries.length === 0 ? r : '')
        ) : (
          <span className="muted">
            {l} {count} {r}
          </span>
        )}
      </button>
      {open && entries.length > 0 && (
        <>
          <ul>
            {entries.map(([k, v]) => (
              <Node key={k} name={k} value={v} depth={depth + 1} openDepth={openDepth} />
            ))}
          </ul>
          <span className="jt-close">{r}</span>
        </>
      )}
    </li>
  );
}

/** Parsed JSON as a tree whose objects and arrays fold (buttons: Tab to one, Enter or Space folds it). */
export function JsonTree({ value, openDepth = 3, testId }: { value: unknown; openDepth?: number; testId?: string }) {
  return (
    <ul className="json-tree mono" data-testid={testId}>
      <Node value={value as Json} depth={0} openDepth={openDepth} />
    </ul>
  );
}
