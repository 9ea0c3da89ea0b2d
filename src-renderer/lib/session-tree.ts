import type { SessionSummary } from '../../shared/ipc/contract';

/** A session in the picker's tree: its depth under the session it was forked or re-run from. */
export interface TreeEntry {
  session: SessionSummary;
  depth: number;
}

/**
 * Sessions as a tree, depth first: each under the session it came from (a fork or a re-run), roots and siblings
 * in the order given (most recent first). A session whose parent is not listed is a root.
 */
export function sessionTree(sessions: SessionSummary[]): TreeEntry[] {
  const ids = new Set(sessions.map((s) => s.sessionId));
  const children = new Map<string, SessionSummary[]>();
  const roots: SessionSummary[] = [];
  for (const s of sessions) {
    const parent = s.origin?.sessionId;
    if (parent && ids.has(parent) && parent !== s.sessionId) {
      const list = children.get(parent) ?? [];
      list.push(s);
      children.set(parent, list);
    } else roots.push(s);
  }
  const out: TreeEntry[] = [];
  const seen = new Set<string>();
  const walk = (s: SessionSummary, depth: number) => {
    if (seen.has(s.sessionId)) return;
    seen.add(s.sessionId);
    out.push({ session: s, depth });
    for (const c of children.get(s.sessionId) ?? []) walk(c, depth + 1);
  };
  for (const r of roots) walk(r, 0);
  // A cycle of origins (hand-edited files) has no root: list what is left flat rather than lose it.
  for (const s of sessions) walk(s, 0);
  return out;
}

/** The picker's label of a tree entry: indented, and saying what a child is. */
export function treeLabel({ session: s, depth }: TreeEntry): string {
  const indent = depth
    ? `${'\u00a0\u00a0\u00a0'.repeat(depth - 1)}└ ${s.origin?.kind === 'rerun' ? 're-run' : 'fork'} · `
    : '';
  const when = new Date(s.updatedAt).toLocaleString();
  return `${indent}${s.title || 'Untitled'} · ${when} · ${s.runs} run${s.runs === 1 ? '' : 's'}`;
}
