import type { TraceEvent } from '../../../shared/domain/trace';
import { assertApproved } from '../approvals/awaiting-approval';
import type { AppContext } from './app-context';
import type { PersonaRuntime } from './persona-runtime';
import type { RunControls, RunHandle } from './run-chat';
import { windowEvent } from './trace-elision';

/**
 * What a run the window started needs from the app, the same for a chat turn, a fork and a re-run: its events
 * written to the session then shown, the debugger, and its registration among the running runs.
 */
export function runWiring(app: AppContext, sessionId: string, personaId: string, runtime: PersonaRuntime) {
  // Resolves once the last event so far has been shown; the debugger's pauses and resumes wait for it.
  let shown: Promise<void> = Promise.resolve();
  const onEvent = (event: TraceEvent) => {
    // Shown once written: what the window shows is on disk. A failed write is shown all the same (the store
    // has raised a notice saying the session file misses it); appends keep their order, so events do too.
    const show = () => app.emit('chat.trace', { sessionId, event: windowEvent(app.sessions, event) });
    shown = app.sessions.append(sessionId, event).then(show, show);
  };
  const openDebugger = (run: RunControls) =>
    app.debug.open({
      ...run,
      sessionId,
      personaId,
      ...(runtime.approval ? { approval: runtime.approval } : {}),
      afterShown: (emit) => void shown.then(emit),
    });
  const register = (handle: RunHandle, client: string | undefined) => {
    app.runs.add({ runId: handle.runId, sessionId, client, cancel: (reason) => handle.cancel(reason) });
    void handle.done.finally(() => app.runs.remove(handle.runId));
  };
  return { onEvent, openDebugger, register };
}

/** A runtime with the persona's programs approved (else `approval_required`, and nothing starts): released on refusal. */
export async function approvedRuntime(acquire: () => Promise<{ runtime: PersonaRuntime; release: () => void }>) {
  const held = await acquire();
  try {
    assertApproved(held.runtime.toolboxes);
  } catch (error) {
    held.release();
    throw error;
  }
  return held;
}
