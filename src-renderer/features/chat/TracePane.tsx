import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { TraceRow } from './trace-rows';
import { TraceRowView, type RowUi } from './TraceRowView';

/** The trace as a virtualized list: only the rows on screen are in the DOM, so 10,000 events stay fast. */
export function TracePane({ rows, ui }: { rows: TraceRow[]; ui: RowUi }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'iteration' || rows[i]?.kind === 'end' ? 30 : rows[i]?.kind === 'tool' ? 160 : 80),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 8,
  });
  const last = rows[rows.length - 1];
  const lastText = last?.kind === 'answer' ? last.text.length : 0;

  useLayoutEffect(() => {
    if (stick.current && rows.length) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows.length, lastText, virtualizer]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onScroll = () => {
      stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <div className="trace-scroll" ref={scrollRef} data-testid="trace-pane" role="log" aria-label="Loop trace">
      <div className="trace-inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div key={item.key} className="trace-item" data-index={item.index} ref={virtualizer.measureElement} style={{ transform: `translateY(${item.start}px)` }}>
            <div className="trace-col">
              <TraceRowView row={rows[item.index]} ui={ui} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
