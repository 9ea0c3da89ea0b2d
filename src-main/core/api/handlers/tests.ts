import { appTests, startTestRun } from '../../app/persona-tests/app-tests';
import { elideForWindow } from '../../app/trace-elision';
import { StudioError } from '../../errors';
import { caseFromSession } from '../../persona-tests/case-from-session';
import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';

/** Persona tests in the app: the persona's suites, Save as test, runs with progress, and the result history. */
export function testHandlers(
  app: AppContext,
): Pick<
  Handlers,
  'tests.suites' | 'tests.open' | 'tests.draft' | 'tests.saveCase' | 'tests.run' | 'tests.history' | 'tests.result'
> {
  const tests = appTests(app);
  return {
    'tests.suites': async ({ personaId }) => {
      await app.personas.get(personaId);
      return { suites: await tests.suites.list(personaId) };
    },
    'tests.open': async ({ personaId, path }) => {
      await app.personas.get(personaId);
      return tests.suites.open(personaId, path);
    },
    'tests.draft': async ({ sessionId }) => {
      const { session, events } = await app.sessions.load(sessionId);
      if (!session.personaId)
        throw new StudioError(
          'bad_input',
          `Session '${sessionId}' belongs to no saved persona: save the persona first.`,
        );
      return {
        personaId: session.personaId,
        suiteFile: tests.suites.defaultFile(session.personaId),
        case: caseFromSession(events, session.title),
      };
    },
    'tests.saveCase': async ({ personaId, suiteFile, case: testCase }) => {
      await app.personas.get(personaId);
      return { file: await tests.suites.addCase(personaId, testCase, suiteFile) };
    },
    'tests.run': async ({ personaId, cases }) => {
      await app.personas.get(personaId);
      return startTestRun(app, personaId, cases);
    },
    'tests.history': async ({ personaId, limit }) => ({ results: await tests.history.list(personaId, limit) }),
    'tests.result': async ({ personaId, resultId }) => {
      const result = await tests.history.get(personaId, resultId);
      return {
        result: {
          ...result,
          attempts: result.attempts.map((a) => ({
            ...a,
            events: a.events.map((t) => t.map((e) => elideForWindow(e))),
          })),
        },
      };
    },
  };
}
