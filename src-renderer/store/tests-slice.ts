import type { ErrorValue } from '../../shared/domain/errors';
import type {
  CaseResultRecord,
  CaseResultSummary,
  SuiteListing,
  TestProgress,
} from '../../shared/domain/persona-test-result';
import type { EventPayload } from '../../shared/ipc/contract';
import { toErrorValue } from '../lib/api-error';
import type { GetState, SetState } from './types';

/** A case of a suite: its file and name. */
export interface CaseRef {
  suite: string;
  name: string;
}

/** The key of a case in maps: its suite file and name. */
export const caseKey = (c: CaseRef) => `${c.suite}\n${c.name}`;

/** A test run in progress: how many cases it has, which are done, which run now. */
export interface TestRun {
  testRunId: string;
  personaId: string;
  total: number;
  done: number;
  running: string[];
}

/** The Save as test editor: the case as JSON text (kept as typed), the suite it goes to, and the last save error. */
export interface CaseDraftState {
  personaId: string;
  suiteFile: string;
  text: string;
  /** The text as proposed (edits are what differs from it). */
  original: string;
  error: ErrorValue | null;
  saving: boolean;
}

export interface TestsSlice {
  /** Whose suites are loaded (null: none yet). */
  testsPersonaId: string | null;
  testSuites: SuiteListing[];
  /** Stored results, newest first (a few per case). */
  testHistory: CaseResultSummary[];
  testsError: ErrorValue | null;
  testRun: TestRun | null;
  /** The case shown on the right, and the result of it shown (with its trace). */
  selectedCase: string | null;
  shownResult: CaseResultRecord | null;
  caseDraft: CaseDraftState | null;
  loadTests(personaId: string): Promise<void>;
  openSuiteFile(path: string): Promise<boolean>;
  /** Runs these cases (all when absent). */
  runTests(cases?: CaseRef[]): Promise<void>;
  /** Runs the cases whose last result failed. */
  rerunFailed(): Promise<void>;
  selectCase(key: string | null): void;
  showResult(resultId: string): Promise<void>;
  applyTestProgress(p: TestProgress): void;
  applyTestFinished(p: EventPayload<'tests.finished'>): void;
  /** Save as test: drafts a case from the chat session and opens the editor. */
  draftTest(sessionId: string): Promise<void>;
  editDraft(patch: Partial<Pick<CaseDraftState, 'text' | 'suiteFile'>>): void;
  closeDraft(): void;
  /** Saves the draft's case (parsed by the caller) to its suite; false (the editor keeps the text) when refused. */
  saveDraft(testCase: unknown): Promise<boolean>;
}

/** The latest result of each case, by case key. */
export function latestResults(history: CaseResultSummary[]): Map<string, CaseResultSummary> {
  const latest = new Map<string, CaseResultSummary>();
  for (const r of history) {
    const key = caseKey(r);
    const had = latest.get(key);
    if (!had || had.at < r.at) latest.set(key, r);
  }
  return latest;
}

/** The cases of the listed suites whose latest result failed. */
export function failedCases(suites: SuiteListing[], history: CaseResultSummary[]): CaseRef[] {
  const latest = latestResults(history);
  return suites.flatMap((s) =>
    (s.suite?.cases ?? [])
      .map((c) => ({ suite: s.file, name: c.name }))
      .filter((c) => latest.get(caseKey(c))?.passed === false),
  );
}

export function createTestsSlice(set: SetState, get: GetState): TestsSlice {
  const refresh = async (personaId: string) => {
    const [{ suites }, { results }] = await Promise.all([
      get().client.call('tests.suites', { personaId }),
      get().client.call('tests.history', { personaId }),
    ]);
    if (get().selectedId !== personaId) return;
    set({ testsPersonaId: personaId, testSuites: suites, testHistory: results, testsError: null });
  };
  return {
    testsPersonaId: null,
    testSuites: [],
    testHistory: [],
    testsError: null,
    testRun: null,
    selectedCase: null,
    shownResult: null,
    caseDraft: null,
    async loadTests(personaId) {
      if (get().testsPersonaId !== personaId)
        set({ testsPersonaId: null, testSuites: [], testHistory: [], selectedCase: null, shownResult: null });
      try {
        await refresh(personaId);
      } catch (e) {
        set({ testsPersonaId: personaId, testsError: toErrorValue(e) });
      }
    },
    async openSuiteFile(path) {
      const personaId = get().selectedId;
      if (!personaId) return false;
      try {
        await get().client.call('tests.open', { personaId, path });
      } catch (e) {
        set({ testsError: toErrorValue(e) });
        return false;
      }
      await get().loadTests(personaId);
      return true;
    },
    async runTests(cases) {
      const personaId = get().selectedId;
      if (!personaId || get().testRun?.personaId === personaId) return;
      set({ testsError: null });
      try {
        const { testRunId, total } = await get().client.call('tests.run', { personaId, ...(cases ? { cases } : {}) });
        // Progress events can arrive before this answer: keep what they counted.
        set((s) => ({
          testRun:
            s.testRun?.testRunId === testRunId
              ? { ...s.testRun, total }
              : { testRunId, personaId, total, done: 0, running: [] },
        }));
        if (total === 0) set({ testRun: null });
      } catch (e) {
        set({ testsError: toErrorValue(e), testRun: null });
      }
    },
    async rerunFailed() {
      const failed = failedCases(get().testSuites, get().testHistory);
      if (failed.length) await get().runTests(failed);
    },
    selectCase(key) {
      set({ selectedCase: key, shownResult: null });
      const latest = key ? latestResults(get().testHistory).get(key) : undefined;
      if (latest) void get().showResult(latest.resultId);
    },
    async showResult(resultId) {
      const personaId = get().selectedId;
      if (!personaId) return;
      try {
        const { result } = await get().client.call('tests.result', { personaId, resultId });
        if (get().selectedCase === caseKey(result)) set({ shownResult: result });
      } catch (e) {
        set({ testsError: toErrorValue(e) });
      }
    },
    applyTestProgress(p) {
      if (p.personaId !== get().selectedId) return;
      const key = caseKey(p);
      set((s) => {
        const run = s.testRun?.testRunId === p.testRunId ? s.testRun : null;
        const base: TestRun = run ?? { testRunId: p.testRunId, personaId: p.personaId, total: 0, done: 0, running: [] };
        const running = base.running.filter((k) => k !== key);
        const next: TestRun =
          p.status === 'running' ? { ...base, running: [...running, key] } : { ...base, running, done: base.done + 1 };
        return {
          testRun: next,
          testHistory: p.result ? [p.result, ...s.testHistory] : s.testHistory,
        };
      });
      if (p.result && get().selectedCase === key) void get().showResult(p.result.resultId);
    },
    applyTestFinished(p) {
      if (get().testRun?.testRunId !== p.testRunId) return;
      set({ testRun: null, ...(p.error ? { testsError: p.error } : {}) });
    },
    async draftTest(sessionId) {
      try {
        const draft = await get().client.call('tests.draft', { sessionId });
        const text = JSON.stringify(draft.case, null, 2);
        set({
          caseDraft: {
            personaId: draft.personaId,
            suiteFile: draft.suiteFile,
            text,
            original: text,
            error: null,
            saving: false,
          },
        });
        if (get().testsPersonaId !== draft.personaId) void get().loadTests(draft.personaId);
      } catch (e) {
        get().toast('error', `Save as test: ${toErrorValue(e).message}`);
      }
    },
    editDraft(patch) {
      set((s) => (s.caseDraft ? { caseDraft: { ...s.caseDraft, ...patch, error: null } } : {}));
    },
    closeDraft: () => set({ caseDraft: null }),
    async saveDraft(testCase) {
      const draft = get().caseDraft;
      if (!draft) return false;
      set({ caseDraft: { ...draft, saving: true, error: null } });
      try {
        const { file } = await get().client.call('tests.saveCase', {
          personaId: draft.personaId,
          suiteFile: draft.suiteFile,
          case: testCase as never,
        });
        set({ caseDraft: null });
        get().toast('info', `Test saved to ${file}`);
        if (get().selectedId === draft.personaId) await get().loadTests(draft.personaId);
        return true;
      } catch (e) {
        set((s) => (s.caseDraft ? { caseDraft: { ...s.caseDraft, saving: false, error: toErrorValue(e) } } : {}));
        return false;
      }
    },
  };
}
