import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RowUi } from './TraceRowView';
import type { ToolRow } from '../../lib/trace-rows';

/** Where the row state starts from, and where it is kept. */
export interface RowUiMemory {
  flipped: Set<string>;
  raw: Set<string>;
  save(state: { flipped: Set<string>; raw: Set<string> }): void;
}

/**
 * Which cards are collapsed and which raw exchanges are open; kept outside the rows so virtualization keeps them,
 * and in `memory` (when given) so they survive the pane being unmounted (switching tabs).
 */
export function useRowUi(openTool: (row: ToolRow) => void, allCollapsed: boolean, memory?: RowUiMemory): RowUi {
  const [flipped, setFlipped] = useState<Set<string>>(() => memory?.flipped ?? new Set());
  const [raw, setRaw] = useState<Set<string>>(() => memory?.raw ?? new Set());
  const save = memory?.save;
  useEffect(() => save?.({ flipped, raw }), [save, flipped, raw]);
  const toggle = (set: Set<string>, key: string) => {
    const next = new Set(set);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  };
  const toggleCollapsed = useCallback((key: string) => setFlipped((s) => toggle(s, key)), []);
  const toggleRaw = useCallback((key: string) => setRaw((s) => toggle(s, key)), []);
  return useMemo(
    () => ({
      collapsed: (k: string) => flipped.has(k) !== allCollapsed,
      rawOpen: (k: string) => raw.has(k),
      toggleCollapsed,
      toggleRaw,
      openTool,
    }),
    [flipped, raw, allCollapsed, toggleCollapsed, toggleRaw, openTool],
  );
}
