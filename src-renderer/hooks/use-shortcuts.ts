import { useEffect } from 'react';
import { useAppStoreApi } from '../store/context';
import { activeRunId } from '../store/chat-slice';
import { isDirty } from '../store/personas-slice';

/** Ctrl/Cmd+S saves the persona; Esc cancels a running loop (unless a dialog is open); closing with unsaved changes asks first. */
export function useShortcuts() {
  const store = useAppStoreApi();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = store.getState();
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        if (s.draft) void s.savePersona();
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
