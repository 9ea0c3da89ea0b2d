import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TraceRow } from '../../lib/trace-rows';
import { TraceRowView, type RowUi } from './TraceRowView';

/** Where the trace was scrolled to: the first row on screen, or null when it follows the end. */
export interface TraceAnchor {
  get(): number | null;
  set(index: number | null): void;
}

/**
 * The trace as a virtualized list: only the rows on screen are in the DOM, so 10,000 events stay fast. It follows
 * the end while you are there; with an `anchor` it reopens at the row it was scrolled to.
 */
export function TracePane({
  rows,
  ui,
  anchor,
  reveal,
}: {
  rows: TraceRow[];
  ui: RowUi;
  anchor?: TraceAnchor;
  /** The key of a row to bring into view when it changes (the paused card); back to null: follow the end again. */
  reveal?: string | null;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [restoreTo] = useState(() => {
    const a = anchor?.get();
    return a != null && a < rows.length ? a : null;
  });
  const stick = useRef(restoreTo === null);
  const anchorRef = useRef(anchor);
  useEffect(() => {
    anchorRef.current = anchor;
  });
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) =>
      rows[i]?.kind === 'iteration' || rows[i]?.kind === 'end' ? 30 : rows[i]?.kind === 'tool' ? 160 : 80,
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 8,
  });
  const last = rows[rows.length - 1];
  const lastText = last?.kind === 'answer' ? last.text.length : 0;

  useLayoutEffect(() => {
    if (restoreTo !== null) virtualizer.scrollToIndex(restoreTo, { align: 'start' });
  }, [restoreTo, virtualizer]);

  useLayoutEffect(() => {
    if (stick.current && rows.length) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows.length, lastText, virtualizer]);

  const revealed = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (reveal === revealed.current) return;
    const was = revealed.current;
    revealed.current = reveal ?? null;
    if (!reveal) {
      if (was && rows.length) {
        stick.current = true;
        virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
      }
      return;
    }
    const i = rows.findIndex((r) => r.key === reveal);
    if (i < 0) return;
    stick.current = i === rows.length - 1;
    virtualizer.scrollToIndex(i, { align: stick.current ? 'end' : 'start' });
  }, [reveal, rows, virtualizer]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onScroll = () => {
      stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      anchorRef.current?.set(stick.current ? null : (virtualizer.range?.startIndex ?? null));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [virtualizer]);

  return (
    <div className="trace-scroll" ref={scrollRef} data-testid="trace-pane" role="log" aria-label="Loop trace">
      <div className="trace-inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            className="trace-item"
            data-index={item.index}
            data-revealed={reveal && rows[item.index].key === reveal ? true : undefined}
            ref={virtualizer.measureElement}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <div
              className="trace-col"
              style={rows[item.index].depth ? { paddingLeft: rows[item.index].depth! * 20 } : undefined}
              data-depth={rows[item.index].depth || undefined}
            >
              <TraceRowView row={rows[item.index]} ui={ui} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
