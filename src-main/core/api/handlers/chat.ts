import { startRun } from '../../app/run-chat';
import { approvedRuntime, runWiring } from '../../app/run-wiring';
import { elideForWindow } from '../../app/trace-elision';
import { StudioError } from '../../errors';
import { newSessionId } from '../../sessions/session-id';
import { exportScrubber } from '../../bundles/secret-scrubber';
import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';
import { isBundleSession } from '../../app/run-bundles';

/** The events a page of chat.loadSession has when `before` is given without a limit. */
const MAX_SESSION_EVENTS = 20_000;

/** Chat: send (answers at once with the run id; the trace streams as chat.trace and goes to the session file), cancel, sessions. */
export function chatHandlers(
  app: AppContext,
): Pick<
  Handlers,
  | 'chat.send'
  | 'chat.cancel'
  | 'chat.sessions'
  | 'chat.loadSession'
  | 'chat.traceEvent'
  | 'chat.payload'
  | 'chat.exportTrace'
> {
  // Sessions a send is starting a run in (between its check and the run's registration, which awaits):
  // a second send to the same session meanwhile is refused like one during the run.
  const starting = new Set<string>();
  const send: Handlers['chat.send'] = async (input, ctx) => {
    const sessionId = input.sessionId ?? newSessionId();
    if (app.runs.inSession(sessionId) || starting.has(sessionId))
      throw new StudioError('bad_input', 'A run is still going in this session: wait for it or cancel it first.');
    starting.add(sessionId);
    try {
      if (input.sessionId !== undefined && (await isBundleSession(app, input.sessionId)))
        throw new StudioError(
          'bad_input',
          'A session opened from a bundle is read-only: re-run it offline, fork it, or start a new chat.',
        );
      return await startSend({ ...input, sessionId }, input.sessionId !== undefined, ctx.client);
    } finally {
      starting.delete(sessionId);
    }
  };
  const startSend = async (
    { personaId, sessionId, message }: { personaId: string; sessionId: string; message: string },
    given: boolean,
    client: string | undefined,
  ) => {
    const { persona } = await app.personas.get(personaId);
    const personaVersion = await app.personas.currentVersion(personaId).catch(() => null);
    const history = given ? await app.sessions.history(sessionId) : [];
    // Programs the user has not approved never start; the window asks, then sends again.
    const { runtime, release } = await approvedRuntime(() => app.runtimes.acquire(personaId));
    const { onEvent, openDebugger, register } = runWiring(app, sessionId, personaId, runtime);
    const handle = startRun(runtime, {
      history,
      message,
      sessionId,
      personaId,
      personaName: persona.name,
      personaVersion,
      onEvent,
      onToolProgress: (runId, toolCallId, p) =>
        app.emit('tools.progress', { ...p, callId: toolCallId, runId, toolboxId: null }),
      openDebugger,
    });
    register(handle, client);
    void handle.done.finally(release);
    return { runId: handle.runId, sessionId };
  };
  return {
    'chat.send': send,
    'chat.cancel': async ({ runId }) => {
      const run = app.runs.get(runId);
      if (!run) return { cancelled: false };
      run.cancel();
      return { cancelled: true };
    },
    'chat.sessions': async ({ personaId }) => ({ sessions: await app.sessions.list(personaId) }),
    'chat.loadSession': async ({ sessionId, limit, before }) => {
      // With a limit only the file's end is read (newest events first); without, the whole session.
      const loaded =
        limit !== undefined || before !== undefined
          ? await app.sessions.loadTail(sessionId, { payloads: 'refs', limit: limit ?? MAX_SESSION_EVENTS, before })
          : { ...(await app.sessions.load(sessionId, { payloads: 'refs' })), omitted: 0, earlier: undefined };
      const { session, warnings, interruptedRunIds, omitted, earlier } = loaded;
      const events = loaded.events.map((e) => elideForWindow(app.sessions.forWindow(e)));
      return {
        session,
        events,
        warnings,
        interruptedRunIds,
        ...(omitted ? { omitted } : {}),
        ...(earlier !== undefined ? { earlier } : {}),
      };
    },
    'chat.exportTrace': async ({ sessionId }) => {
      const { events } = await app.sessions.load(sessionId);
      const scrubber = await exportScrubber(app.secrets);
      const text = events.map((e) => `${JSON.stringify(scrubber.value(e))}\n`).join('');
      return { text, fileName: `trace-${sessionId}.jsonl`, secretsRemoved: scrubber.removed };
    },
    'chat.payload': async ({ sessionId, ref }) => {
      const text = await app.sessions.payload(sessionId, ref);
      if (text === null)
        throw new StudioError('not_found', `Session '${sessionId}' has no payload '${ref}' in its side file.`);
      return { text };
    },
    'chat.traceEvent': async ({ sessionId, runId, seq }) => {
      const event = await app.sessions.event(sessionId, runId, seq);
      if (!event)
        throw new StudioError('not_found', `Session '${sessionId}' has no event ${seq} of run '${runId}' in its file.`);
      return { event };
    },
  };
}
