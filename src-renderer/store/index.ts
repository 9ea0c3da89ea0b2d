import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../shared/ipc/client';
import { createChatSlice } from './chat-slice';
import { createDebugSlice } from './debug-slice';
import { createPersonasSlice } from './personas-slice';
import { createToolsSlice } from './tools-slice';
import { createUiSlice } from './ui-slice';
import { createApprovalsSlice } from './approvals-slice';
import { createTransferSlice } from './transfer-slice';
import { createNoticesSlice } from './notices-slice';
import { createMcpSlice } from './mcp-slice';
import { createTimeTravelSlice } from './time-travel-slice';
import { createTestsSlice } from './tests-slice';
import type { AppState } from './types';

export type AppStore = StoreApi<AppState>;
export type { AppState } from './types';

/** A fresh store on a client: the app makes one, every test makes its own. */
export function createAppStore(client: ApiClient): AppStore {
  return createStore<AppState>()((set, get) => ({
    client,
    ...createPersonasSlice(set, get),
    ...createToolsSlice(set, get),
    ...createChatSlice(set, get),
    ...createDebugSlice(set, get),
    ...createUiSlice(set, get),
    ...createApprovalsSlice(set, get),
    ...createTransferSlice(set, get),
    ...createNoticesSlice(set, get),
    ...createMcpSlice(set, get),
    ...createTimeTravelSlice(set, get),
    ...createTestsSlice(set, get),
  }));
}

/** Feeds main's pushes into the store; returns the unsubscribe. */
export function bindEvents(store: AppStore, client: ApiClient): () => void {
  const offs = [
    client.on('chat.trace', (p) => store.getState().applyTrace(p)),
    client.on('debug.paused', (p) => store.getState().applyPaused(p)),
    client.on('debug.resumed', (p) => store.getState().applyResumed(p)),
    client.on('debug.breakpoints', (p) => store.getState().applyBreakpoints(p)),
    client.on('personas.changed', (p) =>
      p.outside ? void store.getState().personaChangedOutside(p.id!) : void store.getState().loadPersonas(),
    ),
    client.on('app.notice', (n) => store.getState().addNotice(n)),
    client.on('mcp.log', (p) => store.getState().applyMcpLog(p)),
    client.on('mcp.request', (r) => store.getState().applyMcpRequest(r)),
    client.on('mcp.requestSettled', (p) => store.getState().applyMcpSettled(p)),
    client.on('tools.progress', (p) => store.getState().applyProgress(p)),
    client.on('tests.progress', (p) => store.getState().applyTestProgress(p)),
    client.on('tests.finished', (p) => store.getState().applyTestFinished(p)),
    client.on('tools.changed', (p) => {
      const id = store.getState().selectedId;
      if (id && (p.personaId === null || p.personaId === id)) void store.getState().loadTools(id);
    }),
  ];
  return () => offs.forEach((off) => off());
}
