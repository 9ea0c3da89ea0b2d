import type { PauseState, ToolArgs } from '../../../shared/domain/debug';
import type { ToolRow, TraceRow } from './trace-rows';

/**
 * Puts the run's pause into the rows: a paused tool call's card becomes `paused` and carries the pause; a pause
 * before the model is a row of its own at the end (its assistant turn does not exist yet).
 */
export function withPause(rows: TraceRow[], pause: PauseState | null): TraceRow[] {
  if (!pause) return rows;
  const at = pause.at;
  if (at.kind === 'model')
    return [...rows, { kind: 'model-pause', key: `${pause.runId}:model-pause`, runId: pause.runId, pause }];
  const i = rows.findIndex((r) => r.kind === 'tool' && r.runId === pause.runId && r.toolCallId === at.toolCallId);
  if (i < 0) {
    const row: ToolRow = {
      kind: 'tool',
      key: `${pause.runId}:tool:${at.toolCallId}`,
      runId: pause.runId,
      iteration: pause.iteration,
      toolCallId: at.toolCallId,
      name: at.name,
      toolboxId: at.toolboxId,
      arguments: at.arguments,
      status: 'paused',
      pause,
    };
    return [...rows, row];
  }
  const out = rows.slice();
  out[i] = { ...(rows[i] as ToolRow), status: 'paused', pause };
  return out;
}

/** The key of the row a pause shows in (the paused TOOL card, or the model pause row), to bring it into view. */
export function pausedRowKey(pause: PauseState | null): string | null {
  if (!pause) return null;
  return pause.at.kind === 'model' ? `${pause.runId}:model-pause` : `${pause.runId}:tool:${pause.at.toolCallId}`;
}

/** One argument that differs between the model's call and the user's edit. */
export interface ArgChange {
  key: string;
  before?: unknown;
  after?: unknown;
  kind: 'changed' | 'added' | 'removed';
}

/** The top-level arguments that the edit changed, added or removed, in the model's key order then the new ones. */
export function argChanges(original: ToolArgs, edited: ToolArgs): ArgChange[] {
  const keys = [...new Set([...Object.keys(original), ...Object.keys(edited)])];
  const out: ArgChange[] = [];
  for (const key of keys) {
    const had = key in original && original[key] !== undefined;
    const has = key in edited && edited[key] !== undefined;
    if (had && has) {
      if (!sameJson(original[key], edited[key]))
        out.push({ key, before: original[key], after: edited[key], kind: 'changed' });
    } else if (had) out.push({ key, before: original[key], kind: 'removed' });
    else if (has) out.push({ key, after: edited[key], kind: 'added' });
  }
  return out;
}

/** Equal as JSON values, whatever the key order of objects. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => x !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, x]) => [k, canonical(x)]),
    );
  return v;
}

/** "640 ms", "12 s", "3 min 4 s": how long a run has been paused. */
export function pausedFor(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
