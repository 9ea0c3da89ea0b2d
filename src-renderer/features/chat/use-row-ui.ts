import { useCallback, useMemo, useState } from 'react';
import type { RowUi } from './TraceRowView';
import type { ToolRow } from './trace-rows';

/** Which cards are collapsed and which raw exchanges are open; kept outside the rows so virtualization keeps them. */
export function useRowUi(openTool: (row: ToolRow) => void, allCollapsed: boolean): RowUi {
  const [flipped, setFlipped] = useState<Set<string>>(() => new Set());
  const [raw, setRaw] = useState<Set<string>>(() => new Set());
  const toggle = (set: Set<string>, key: string) => {
    const next = new Set(set);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  };
  const toggleCollapsed = useCallback((key: string) => setFlipped((s) => toggle(s, key)), []);
  const toggleRaw = useCallback((key: string) => setRaw((s) => toggle(s, key)), []);
  return useMemo(
    () => ({ collapsed: (k: string) => flipped.has(k) !== allCollapsed, rawOpen: (k: string) => raw.has(k), toggleCollapsed, toggleRaw, openTool }),
    [flipped, raw, allCollapsed, toggleCollapsed, toggleRaw, openTool],
  );
}
