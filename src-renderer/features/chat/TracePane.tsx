import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  // The virtualizer re-measures every row when this function changes: only when the rows' keys may have moved (a
  // streamed delta changes a row, not the keys).
  const first = rows[0]?.key;
  const lastKey = rows[rows.length - 1]?.key;
  const getItemKey = useCallback(
    (i: number) => rows[i]?.key ?? i,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows.length, first, lastKey],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) =>
      rows[i]?.kind === 'iteration' || rows[i]?.kind === 'end' ? 30 : rows[i]?.kind === 'tool' ? 160 : 80,
    getItemKey,
    overscan: 8,
    // Following the end: the first render already lays out the last rows (no frame of the top of the trace).
    initialOffset: restoreTo === null ? Number.MAX_SAFE_INTEGER : 0,
  });
  const last = rows[rows.length - 1];
  const lastText = last?.kind === 'answer' ? last.text.length : 0;

  useLayoutEffect(() => {
    if (restoreTo !== null) virtualizer.scrollToIndex(restoreTo, { align: 'start' });
  }, [restoreTo, virtualizer]);

  // Following the end takes a few scrolls while rows are measured (and older rows that land above, as when a long
  // session paints its newest runs first, move it): only the user's own scrolling (wheel, touch, scrollbar, keys)
  // stops following; right after a follow, other scrolls away from the end are taken back.
  const holdEndUntil = useRef(0);
  const userAt = useRef(-Infinity);
  useLayoutEffect(() => {
    if (!stick.current || !rows.length) return;
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    holdEndUntil.current = performance.now() + 500;
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
      const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      const now = performance.now();
      if (stick.current && !atEnd && now - userAt.current > 1000) {
        if (now < holdEndUntil.current) virtualizer.scrollToIndex(virtualizer.options.count - 1, { align: 'end' });
        return;
      }
      stick.current = atEnd;
      anchorRef.current?.set(stick.current ? null : (virtualizer.range?.startIndex ?? null));
    };
    const onUser = () => void (userAt.current = performance.now());
    const gestures = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const g of gestures) el.addEventListener(g, onUser, { passive: true });
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      for (const g of gestures) el.removeEventListener(g, onUser);
      el.removeEventListener('scroll', onScroll);
    };
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
