import { useEffect } from 'react';
import { useAppStoreApi } from '../store/context';
import { activeRunId } from '../store/chat-slice';

/** Ctrl/Cmd+S saves the persona; Esc cancels a running loop (unless a dialog is open). */
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
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
