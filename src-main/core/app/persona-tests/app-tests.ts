import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AppContext } from '../app-context';
import { toErrorValue } from '../../errors';
import { logger } from '../../log';
import { ResultHistory } from './result-history';
import { runSuites } from './run-suite';
import { SuiteStore } from './suite-store';
import { SuiteInputError, type LoadedSuite } from './load-suite';

const log = logger('tests');

/** Cases of one test run in the app that run at the same time. */
export const APP_TEST_CONCURRENCY = 3;

/** The Tests screen's state in main: the persona suites and the result history of one data folder. */
export interface AppTests {
  suites: SuiteStore;
  history: ResultHistory;
}

const byApp = new WeakMap<AppContext, AppTests>();

/** The suites and history of the app's data folder (`suites/`, `test-results/`), made on first use. */
export function appTests(app: AppContext): AppTests {
  let tests = byApp.get(app);
  if (!tests) {
    tests = {
      suites: new SuiteStore(path.join(app.dataDir, 'suites')),
      history: new ResultHistory(path.join(app.dataDir, 'test-results')),
    };
    byApp.set(app, tests);
  }
  return tests;
}

/** The suites with only the chosen cases (all when `cases` is absent); suites left without a case are dropped. */
export function selectCases(suites: LoadedSuite[], cases?: { suite: string; name: string }[]): LoadedSuite[] {
  if (!cases) return suites;
  const wanted = new Set(cases.map((c) => `${c.suite}\n${c.name}`));
  return suites.flatMap((l) => {
    const kept = l.suite.cases.filter((c) => wanted.has(`${l.file}\n${c.name}`));
    return kept.length ? [{ file: l.file, suite: { ...l.suite, cases: kept } }] : [];
  });
}

/**
 * Starts a test run of the persona's cases: each case start and end goes out as tests.progress, each result to the
 * history, the end as tests.finished. Programs start only as the user approved them for this persona; tools whose
 * approval is 'ask' are refused (the suite mocks them or records them).
 */
export async function startTestRun(
  app: AppContext,
  personaId: string,
  cases?: { suite: string; name: string }[],
): Promise<{ testRunId: string; total: number }> {
  const tests = appTests(app);
  const suites = selectCases(await tests.suites.loaded(personaId), cases);
  const total = suites.reduce((n, s) => n + s.suite.cases.length, 0);
  const testRunId = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const { toolboxes } = await app.toolboxCatalog();
  let passed = 0;
  let failed = 0;
  const saving: Promise<unknown>[] = [];
  void runSuites(suites, {
    dataDir: app.dataDir,
    toolboxes,
    concurrency: APP_TEST_CONCURRENCY,
    programs: async (ref) => (ref === personaId ? app.approvals.approved(personaId) : new Set<string>()),
    onStart: ({ suite, name }) =>
      app.emit('tests.progress', { testRunId, personaId, suite, name, status: 'running', result: null }),
    onResult: (result) => {
      if (result.passed) passed++;
      else failed++;
      saving.push(
        tests.history.add(personaId, testRunId, result).then(
          (summary) =>
            app.emit('tests.progress', {
              testRunId,
              personaId,
              suite: result.suite,
              name: result.name,
              status: result.passed ? 'passed' : 'failed',
              result: summary,
            }),
          (error: Error) =>
            app.notify('error', `The result of test '${result.name}' could not be stored: ${error.message}`),
        ),
      );
    },
  }).then(
    async () => {
      await Promise.all(saving);
      app.emit('tests.finished', { testRunId, personaId, passed, failed, error: null });
    },
    async (error: unknown) => {
      await Promise.all(saving);
      log.warn(`test run ${testRunId} stopped: ${(error as Error).message}`);
      const value =
        error instanceof SuiteInputError ? { code: 'bad_input' as const, message: error.message } : toErrorValue(error);
      app.emit('tests.finished', { testRunId, personaId, passed, failed, error: value });
    },
  );
  return { testRunId, total };
}
