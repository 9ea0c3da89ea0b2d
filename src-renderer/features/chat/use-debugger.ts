import type { PauseState } from '../../../shared/domain/debug';
import { useEffect } from 'react';
import { useApp } from '../../store/context';
import { pauseOnScreen } from '../../store/debug-slice';
import { useDebuggerKeys } from './use-debugger-keys';

/**
 * The chat pane's debugger: the persona's breakpoints and the paused runs, asked of main when the pane opens and
 * when the connection comes back; the devtools keys. Returns the pause of the session on screen.
 */
export function useDebugger(personaId: string | null): PauseState | null {
  const pause = useApp(pauseOnScreen);
  const loadBreakpoints = useApp((s) => s.loadBreakpoints);
  const loadPaused = useApp((s) => s.loadPaused);
  const connected = useApp((s) => s.connection === 'open');
  useEffect(() => {
    if (!personaId || !connected) return;
    void loadBreakpoints(personaId);
    void loadPaused(personaId);
  }, [personaId, connected, loadBreakpoints, loadPaused]);
  useDebuggerKeys();
  return pause;
}
