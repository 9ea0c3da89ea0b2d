import { useEffect } from 'react';
import { useAppStoreApi } from '../store/context';
import { activeRunId } from '../store/chat-selectors';
import { isDirty } from '../store/personas-slice';
import type { Tab } from '../store/ui-slice';

/** Ctrl/Cmd + the tab's number, in the order the tabs are shown. */
const TAB_KEYS: Record<string, Tab> = { '1': 'editor', '2': 'tools', '3': 'chat', '4': 'tests' };

/** Ctrl/Cmd+S saves the persona; Ctrl/Cmd+1/2/3/4 switch to Editor/Tools/Chat/Tests; Esc cancels a running loop (unless a dialog is open); closing with unsaved changes asks first. */
export function useShortcuts() {
  const store = useAppStoreApi();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = store.getState();
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        if (s.draft) void s.savePersona();
      } else if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && TAB_KEYS[e.key] && !s.confirm) {
        e.preventDefault();
        s.setTab(TAB_KEYS[e.key]);
      } else if (e.key === 'Escape' && !s.confirm && activeRunId(s)) {
        e.preventDefault();
        void s.cancelRun();
      }
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      if (isDirty(store.getState())) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [store]);
}
