import type { BusStatus, Settings } from '../../shared/ipc/contract';
import type { GetState, SetState } from './types';
import { toErrorValue } from '../lib/api-error';
import type { ConfirmRequest } from '../components/ConfirmDialog';
import type { Toast } from '../components/Toasts';

export type Tab = 'editor' | 'tools' | 'chat' | 'tests';
export type Connection = 'connecting' | 'open' | 'lost';
export type { ConfirmRequest } from '../components/ConfirmDialog';
export type { Toast } from '../components/Toasts';

export interface UiSlice {
  tab: Tab;
  theme: Settings['theme'];
  settings: Settings | null;
  busStatus: BusStatus | null;
  connection: Connection;
  toasts: Toast[];
  confirm: ConfirmRequest | null;
  setTab(tab: Tab): void;
  loadSettings(): Promise<void>;
  setTheme(theme: Settings['theme']): Promise<void>;
  loadBusStatus(): Promise<void>;
  /** Puts the app's toolboxes on an OVOS bus (url) or takes them off (null); false when it could not be saved. */
  saveBusUrl(url: string | null): Promise<boolean>;
  setConnection(c: Connection): void;
  toast(kind: Toast['kind'], text: string): void;
  dismissToast(id: number): void;
  askConfirm(req: ConfirmRequest): void;
  closeConfirm(): void;
}

let toastId = 1;

export function createUiSlice(set: SetState, get: GetState): UiSlice {
  return {
    tab: 'editor',
    theme: 'system',
    settings: null,
    busStatus: null,
    connection: 'connecting',
    toasts: [],
    confirm: null,
    setTab: (tab) => set({ tab }),
    async loadSettings() {
      try {
        const settings = await get().client.call('settings.get', {});
        set({ settings, theme: settings.theme });
      } catch (e) {
        get().toast('error', `Settings could not be read: ${toErrorValue(e).message}`);
      }
    },
    async setTheme(theme) {
      set({ theme });
      const current = get().settings ?? { theme, busUrl: null };
      try {
        const settings = await get().client.call('settings.save', { ...current, theme });
        set({ settings });
      } catch (e) {
        get().toast('error', `The theme could not be saved: ${toErrorValue(e).message}`);
      }
    },
    async loadBusStatus() {
      try {
        set({ busStatus: await get().client.call('settings.busStatus', {}) });
      } catch (e) {
        get().toast('error', `The OVOS bus status could not be read: ${toErrorValue(e).message}`);
      }
    },
    async saveBusUrl(url) {
      const current = get().settings ?? { theme: get().theme, busUrl: null };
      try {
        const settings = await get().client.call('settings.save', { ...current, busUrl: url });
        set({ settings });
      } catch (e) {
        get().toast('error', `The bus URL could not be saved: ${toErrorValue(e).message}`);
        return false;
      }
      await get().loadBusStatus();
      return true;
    },
    setConnection: (connection) => set({ connection }),
    toast(kind, text) {
      const id = toastId++;
      set((s) => ({ toasts: [...s.toasts.slice(-3), { id, kind, text }] }));
      // What needs reading (an error, a caveat) stays longer than a confirmation.
      setTimeout(() => get().dismissToast(id), kind === 'info' ? 3500 : 8000);
    },
    dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
    askConfirm: (confirm) => set({ confirm }),
    closeConfirm: () => set({ confirm: null }),
  };
}
