import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { createClient } from '../shared/ipc/client';
import { App } from './App';
import { selectTransport } from './transport/select';
import { bindEvents, createAppStore } from './store';
import { StoreProvider } from './store/context';
import './styles/theme.css';
import './styles/controls.css';
import './styles/layout.css';
import './styles/editor.css';
import './styles/tools.css';
import './styles/tool-widgets.css';
import './styles/mcp.css';
import './styles/chat.css';
import './styles/debugger.css';
import './styles/time-travel.css';
import './styles/results.css';
import './styles/tests.css';
import './styles/versions.css';

// The CSP forbids eval; zod must not even try its JIT.
z.config({ jitless: true });

let store: ReturnType<typeof createAppStore> | null = null;
let early: 'open' | 'lost' | null = null;
let wasLost = false;
const client = createClient(
  selectTransport(window, (status) => {
    if (!store) {
      early = status;
      return;
    }
    store.getState().setConnection(status);
    if (status === 'lost') wasLost = true;
    else if (wasLost) {
      wasLost = false;
      void store.getState().loadPersonas();
    }
  }),
);
store = createAppStore(client);
if (early) store.getState().setConnection(early);
bindEvents(store, client);

const s = store.getState();
void s.loadSettings();
void s.loadNotices();
void s.loadMcpRequests().catch(() => undefined);
void s.loadCatalog();
void s.loadPersonas().then(() => store!.getState().openStartPersona());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App />
    </StoreProvider>
  </StrictMode>,
);
