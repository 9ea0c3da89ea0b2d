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
 * The chat pane as the app runs it, on the real WebSocket transport and store, connected to the real host
 * (session-open.bench): lists the persona's sessions as the app does when a persona is selected, then measures
 * the time from opening a session to the first frame that shows its newest row.
 */

const frames = (n: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left ? requestAnimationFrame(() => step(left - 1)) : resolve());
    step(n);
  });

let store: ReturnType<typeof createAppStore>;
let answeredAt = 0;

/** Connects to the host and mounts the pane for persona `personaId`, listing its sessions; no session open. */
async function mount(url: string, token: string, personaId: string): Promise<number> {
  const client = createClient(wsTransport(url, token));
  const call = client.call.bind(client);
  // When the answer to chat.loadSession came (for the bench's notes: the rest is the window's own work).
  client.call = (async (method: string, input: unknown) => {
    const out = await call(method as never, input as never);
    if (method === 'chat.loadSession') answeredAt = performance.now();
    return out;
  }) as typeof client.call;
  store = createAppStore(client);
  bindEvents(store, client);
  const draft = { name: 'Bench', handlers: ['ovos-native-toolcall-loop'] };
  store.setState({
    selectedId: personaId,
    draft: draft as never,
    savedJson: JSON.stringify(draft),
    connection: 'open',
  });
  createRoot(document.getElementById('root')!).render(
    <StoreProvider store={store}>
      <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
        <ChatPane />
      </div>
    </StoreProvider>,
  );
  await store.getState().loadSessions();
  await frames(2);
  const { sessions, toasts } = store.getState();
  if (sessions.length !== 1)
    throw new Error(`the session list has ${sessions.length} sessions: ${JSON.stringify(toasts)}`);
  return sessions.length;
}

/** Opens session `s` and resolves at the first frame that shows `lastText` in a trace row: milliseconds from the call. */
async function open(sessionId: string, lastText: string): Promise<{ ms: number; answerMs: number }> {
  const t0 = performance.now();
  const opened = store.getState().openSession(sessionId);
  const shown = await frameShowing(lastText, t0, describe);
  await opened;
  return { ms: shown - t0, answerMs: answeredAt - t0 };
}

/** What the pane shows, for a bench that gives up. */
function describe() {
  const s = store.getState();
  const rows = s.sessionId ? s.traceBySession[s.sessionId]?.rows : undefined;
  const items = [...document.querySelectorAll('[data-testid="trace-pane"] .trace-item')].map((n) => n.textContent);
  return JSON.stringify({ session: s.sessionId, rows: rows?.length, items: items.slice(-3) });
}

/** How many events the window holds of session `s` (after the older ones followed the first paint). */
const held = (sessionId: string) => store.getState().eventsBySession[sessionId]?.length ?? 0;

Object.assign(window, { benchMount: mount, benchOpen: open, benchHeld: held });
