import type { SessionOrigin } from '../../../../shared/domain/time-travel';
import { diffRuns } from '../../../../shared/domain/run-diff';
import type { AppContext } from '../../app/app-context';
import { startFork } from '../../app/fork-run';
import type { PersonaRuntime } from '../../app/persona-runtime';
import { changesPersona, rerunSession, userTurns, withTarget } from '../../app/rerun-session';
import { newRunId } from '../../app/run-chat';
import { approvedRuntime, runWiring } from '../../app/run-wiring';
import { StudioError } from '../../errors';
import { planFork } from '../../sessions/fork-plan';
import { newSessionId } from '../../sessions/session-id';
import { validateWith } from '../../toolbox';
import type { Handlers } from '../dispatch';

/** The persona a recorded session ran with; a session without one cannot be forked or re-run here. */
function personaOf(session: { personaId: string | null }): string {
  if (!session.personaId) throw new StudioError('bad_input', 'The session does not say which persona it ran with.');
  return session.personaId;
}

/** An edited result must fit the tool's output schema, as a mocked one in the debugger must (when the tool is known). */
async function checkResult(runtime: PersonaRuntime, name: string, result: Record<string, unknown>): Promise<void> {
  await runtime.registry.ready();
  const target = runtime.registry.resolve(name);
  const tool = target?.toolbox.tools.get(target.name);
  if (!tool) return;
  const checked = validateWith(tool.outputSchema, result);
  if (!checked.ok)
    throw new StudioError('tool_output_invalid', `The result does not fit tool '${name}''s output.`, {
      issues: checked.issues,
    });
}

/** Time travel: fork a recorded session at a step, re-run a session against another persona, brain or model. */
export function timeTravelHandlers(
  app: AppContext,
): Pick<Handlers, 'sessions.fork' | 'sessions.rerun' | 'sessions.diff'> {
  return {
    'sessions.diff': async ({ a, b }) => {
      const [sa, sb] = await Promise.all([app.sessions.load(a), app.sessions.load(b)]);
      return diffRuns({ sessionId: a, events: sa.events }, { sessionId: b, events: sb.events });
    },
    'sessions.fork': async ({ sessionId: source, trace, point, edit }, ctx) => {
      const { session, events } = trace
        ? { session: { personaId: trace.personaId }, events: trace.events }
        : await app.sessions.load(source!);
      const personaId = personaOf(session);
      const { persona } = await app.personas.get(personaId);
      const sessionId = newSessionId();
      const plan = planFork(events, point, edit, { sessionId, runId: newRunId() });
      const { runtime, release } = await approvedRuntime(() => app.runtimes.acquire(personaId));
      try {
        if (plan.edited) await checkResult(runtime, plan.edited.name, plan.edited.result);
        const origin: SessionOrigin = {
          kind: 'fork',
          sessionId: source ?? '',
          ...(trace ? { from: trace.from } : {}),
          point,
          label: plan.label,
        };
        await app.sessions.writeMeta(sessionId, { origin });
        await Promise.all(plan.prefix.map((e) => app.sessions.append(sessionId, e)));
      } catch (error) {
        release();
        throw error;
      }
      const { onEvent, openDebugger, register } = runWiring(app, sessionId, personaId, runtime);
      const handle = startFork(runtime, plan, {
        sessionId,
        personaId,
        personaName: persona.name,
        onEvent,
        openDebugger,
      });
      register(handle, ctx.client);
      void handle.done.finally(release);
      return { sessionId, runId: handle.runId };
    },
    'sessions.rerun': async ({ sessionId: source, target }, ctx) => {
      const { session, events } = await app.sessions.load(source);
      const personaId = target.personaId ?? personaOf(session);
      const { persona } = await app.personas.get(personaId);
      const turns = userTurns(events);
      if (!turns.length) throw new StudioError('bad_input', 'The session has no user message to run again.');
      const version = target.version ? await app.personas.loadVersionWithSecrets(personaId, target.version) : null;
      const { runtime, release } = await approvedRuntime(() =>
        changesPersona(target) || version
          ? app.runtimes.acquireChanged(personaId, (p) => withTarget(version ?? p, target))
          : app.runtimes.acquire(personaId),
      );
      const sessionId = newSessionId();
      try {
        await app.sessions.writeMeta(sessionId, { origin: { kind: 'rerun', sessionId: source, target } });
      } catch (error) {
        release();
        throw error;
      }
      const { onEvent, openDebugger, register } = runWiring(app, sessionId, personaId, runtime);
      let first: (() => void) | null = null;
      const started = new Promise<void>((resolve) => (first = resolve));
      // A re-run of the persona as saved records its version; one with a changed brain, model or engine does not.
      const personaVersion = changesPersona(target)
        ? null
        : (target.version ?? (await app.personas.currentVersion(personaId).catch(() => null)));
      void rerunSession(runtime, {
        source: events,
        target,
        sessionId,
        personaId,
        personaName: persona.name,
        personaVersion,
        onEvent,
        openDebugger,
        onRun: (handle) => {
          register(handle, ctx.client);
          first?.();
        },
      }).finally(() => {
        release();
        first?.();
      });
      await started;
      return { sessionId, turns: turns.length };
    },
  };
}
