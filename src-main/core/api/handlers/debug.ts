import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';

/** The debugger: breakpoints per persona, the paused runs (for a reload), resume. */
export function debugHandlers(
  app: AppContext,
): Pick<Handlers, 'debug.getBreakpoints' | 'debug.setBreakpoints' | 'debug.state' | 'debug.resume'> {
  return {
    'debug.getBreakpoints': async ({ personaId }) => ({ breakpoints: await app.debug.getBreakpoints(personaId) }),
    'debug.setBreakpoints': async ({ personaId, breakpoints }) => ({
      breakpoints: await app.debug.setBreakpoints(personaId, breakpoints),
    }),
    'debug.state': async ({ sessionId }) => ({ paused: app.debug.paused(sessionId) }),
    'debug.resume': async ({ runId, pauseId, action }) => {
      app.debug.resume(runId, pauseId, action);
      return { resumed: true as const };
    },
  };
}
