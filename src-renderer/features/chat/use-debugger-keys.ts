import { useEffect } from 'react';
import type { ResumeActionInput } from '../../../shared/domain/debug';
import { useAppStoreApi } from '../../store/context';
import { pauseOnScreen } from '../../store/debug-slice';

/** The resume action of a devtools key (F8 continue, F10 step, Shift+F5 stop), or null. */
export function debuggerKeyAction(
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): ResumeActionInput | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === 'F8' && !e.shiftKey) return { action: 'continue' };
  if (e.key === 'F10' && !e.shiftKey) return { action: 'step' };
  if (e.key === 'F5' && e.shiftKey) return { action: 'stop' };
  return null;
}

/** While the run on screen is paused, the keys of browser devtools resume it (unless a dialog is open). */
export function useDebuggerKeys() {
  const store = useAppStoreApi();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = store.getState();
      const pause = pauseOnScreen(s);
      const action = pause && !s.confirm ? debuggerKeyAction(e) : null;
      if (!pause || !action) return;
      e.preventDefault();
      void s.resume(pause, action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
