import { frameShowing } from './trace-frames';
import { createRoot } from 'react-dom/client';
import { createClient } from '../shared/ipc/client';
import { wsTransport } from '../src-renderer/transport/ws-transport';
import { bindEvents, createAppStore } from '../src-renderer/store';
import { StoreProvider } from '../src-renderer/store/context';
import { ChatPane } from '../src-renderer/features/chat/ChatPane';
import '../src-renderer/styles/theme.css';
import '../src-renderer/styles/controls.css';
import '../src-renderer/styles/layout.css';
import '../src-renderer/styles/chat.css';
import '../src-renderer/styles/debugger.css';

/**
 * The chat pane as the app runs it, on the real WebSocket transport and store: a bench server (trace-streaming.bench)
 * answers the calls and pushes the run's trace events as main does. Measures keystroke-to-paint while an answer
 * streams, the time until the answer is whole on screen, and the time from opening a session to its first paint.
 */

const afterPaint = () =>
  new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
const frames = (n: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left ? requestAnimationFrame(() => step(left - 1)) : resolve());
    step(n);
  });

let store: ReturnType<typeof createAppStore>;
const latencies: number[] = [];

/** Connects to the bench server and mounts the pane for persona `p`, with no session open. */
async function mount(url: string) {
  const client = createClient(wsTransport(url, 'bench'));
  store = createAppStore(client);
  bindEvents(store, client);
  const draft = { name: 'Bench', handlers: ['ovos-native-toolcall-loop'] };
  store.setState({ selectedId: 'p', draft: draft as never, savedJson: JSON.stringify(draft), connection: 'open' });
  createRoot(document.getElementById('root')!).render(
    <StoreProvider store={store}>
      <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
        <ChatPane />
      </div>
    </StoreProvider>,
  );
  await frames(2);
  // Each key typed into the message box: from the key's event time (which includes any wait for a busy main
  // thread) to the paint after it was handled.
  document.addEventListener(
    'keydown',
    (e) => {
      const start = e.timeStamp;
      void afterPaint().then((end) => latencies.push(end - start));
    },
    true,
  );
}

/** Opens session `s` and resolves at the first frame that shows its last row: milliseconds from the call. */
async function open(sessionId: string, lastText: string): Promise<number> {
  const t0 = performance.now();
  await store.getState().openSession(sessionId);
  return (await frameShowing(lastText, t0, describe)) - t0;
}

/** Sends a message and resolves when the streamed answer is whole on screen: milliseconds from the send. */
async function send(finalText: string): Promise<number> {
  latencies.length = 0;
  const t0 = performance.now();
  await store.getState().send('go');
  for (;;) {
    if (performance.now() - t0 > 120_000) throw new Error(`the answer did not come: ${describe()}`);
    const end = await afterPaint();
    const answers = document.querySelectorAll('[data-testid="trace-answer"][data-streaming="false"]');
    const last = answers[answers.length - 1];
    if (last?.textContent?.includes(finalText)) return end - t0;
  }
}

/** What the pane shows, for a bench that gives up. */
function describe() {
  const s = store.getState();
  const rows = s.sessionId ? s.traceBySession[s.sessionId]?.rows : undefined;
  const items = [...document.querySelectorAll('[data-testid="trace-pane"] .trace-item')].map((n) => n.textContent);
  const el = document.querySelector<HTMLElement>('[data-testid="trace-pane"]');
  const scroll = el && { top: el.scrollTop, height: el.scrollHeight, client: el.clientHeight };
  const indexes = [...document.querySelectorAll('[data-testid="trace-pane"] .trace-item')].map((n) =>
    n.getAttribute('data-index'),
  );
  return JSON.stringify({ session: s.sessionId, rows: rows?.length, scroll, indexes, items: items.slice(-3) });
}

/** How many events the window holds of session `s` (the older ones follow the first paint). */
const held = (sessionId: string) => store.getState().eventsBySession[sessionId]?.length ?? 0;

Object.assign(window, {
  benchMount: mount,
  benchOpen: open,
  benchSend: send,
  benchLatencies: () => [...latencies],
  benchHeld: held,
});
