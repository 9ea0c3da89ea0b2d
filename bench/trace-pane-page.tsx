import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { TraceEvent } from '../shared/domain/trace';
import { createAppStore } from '../src-renderer/store';
import { StoreProvider } from '../src-renderer/store/context';
import { fakeClient } from '../src-renderer/store/fake-client';
import { buildTraceRows } from '../src-renderer/lib/trace-rows';
import { sampleRun } from '../src-renderer/lib/trace-fixtures';
import { TracePane } from '../src-renderer/features/chat/TracePane';
import { PlainTraceList } from '../src-renderer/features/chat/PlainTraceList';
import { inertRowUi } from '../src-renderer/testing/fixtures';
import '../src-renderer/styles/theme.css';
import '../src-renderer/styles/controls.css';
import '../src-renderer/styles/chat.css';
import '../src-renderer/styles/debugger.css';

/** A session of `count` trace events: scripted runs of user -> assistant with 2 tool calls -> results -> streamed answer. */
function session(count: number): TraceEvent[] {
  const out: TraceEvent[] = [];
  for (let r = 0; out.length < count; r++) out.push(...sampleRun(`run-${r}`, 's', 5));
  return out.slice(0, count);
}

const frames = (n: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left ? requestAnimationFrame(() => step(left - 1)) : resolve());
    step(n);
  });

let root: Root | null = null;

/** Renders the pane (virtualized or plain) and resolves after the first paint: milliseconds. */
async function render(mode: 'virtual' | 'plain', count: number): Promise<number> {
  const el = document.getElementById('root')!;
  const store = createAppStore(fakeClient({}).client);
  const t0 = performance.now();
  const rows = buildTraceRows(session(count));
  root = createRoot(el);
  flushSync(() =>
    root!.render(
      <StoreProvider store={store}>
        <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
          {mode === 'virtual' ? (
            <TracePane rows={rows} ui={inertRowUi} />
          ) : (
            <PlainTraceList rows={rows} ui={inertRowUi} />
          )}
        </div>
      </StoreProvider>,
    ),
  );
  await frames(2);
  return performance.now() - t0;
}

/** Scrolls to the first row, then to the end until the last row is on screen: milliseconds. */
async function scrollToEnd(): Promise<number> {
  const el = document.querySelector<HTMLElement>('[data-testid="trace-pane"]')!;
  el.scrollTop = 0;
  await frames(2);
  const t0 = performance.now();
  for (let i = 0; i < 60; i++) {
    el.scrollTop = el.scrollHeight;
    await frames(1);
    const last = el.querySelectorAll('[data-testid="trace-end"]');
    const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
    if (atEnd && last.length && last[last.length - 1].getBoundingClientRect().top < window.innerHeight) break;
  }
  await frames(1);
  return performance.now() - t0;
}

Object.assign(window, { benchRender: render, benchScrollToEnd: scrollToEnd });
