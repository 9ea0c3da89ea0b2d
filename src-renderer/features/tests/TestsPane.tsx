import { useEffect, useMemo } from 'react';
import type { SuiteListing } from '../../../shared/domain/persona-test-result';
import { useApp } from '../../store/context';
import { caseKey, failedCases, latestResults } from '../../store/tests-slice';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { CaseDetail } from './CaseDetail';
import { OpenSuite } from './OpenSuite';
import { SuiteList } from './SuiteList';
import type { TraceView } from './trace-view';

function findCase(suites: SuiteListing[], key: string | null) {
  for (const s of suites)
    for (const c of s.suite?.cases ?? []) if (caseKey({ suite: s.file, name: c.name }) === key) return { s, c };
  return null;
}

/**
 * The persona's tests: its suites and cases (red, green, running), Run all / Run one / Re-run failed with progress,
 * and the selected case's verdicts beside its trace and its history.
 */
export function TestsPane({ Trace }: { Trace: TraceView }) {
  const selectedId = useApp((s) => s.selectedId);
  const loadedFor = useApp((s) => s.testsPersonaId);
  const suites = useApp((s) => s.testSuites);
  const history = useApp((s) => s.testHistory);
  const error = useApp((s) => s.testsError);
  const run = useApp((s) => (s.testRun?.personaId === s.selectedId ? s.testRun : null));
  const selected = useApp((s) => s.selectedCase);
  const shown = useApp((s) => s.shownResult);
  const loadTests = useApp((s) => s.loadTests);
  const runTests = useApp((s) => s.runTests);
  const rerunFailed = useApp((s) => s.rerunFailed);
  const selectCase = useApp((s) => s.selectCase);
  const showResult = useApp((s) => s.showResult);
  const openSuiteFile = useApp((s) => s.openSuiteFile);
  const setTab = useApp((s) => s.setTab);

  useEffect(() => {
    if (selectedId) void loadTests(selectedId);
  }, [selectedId, loadTests]);

  const latest = useMemo(() => latestResults(history), [history]);
  const running = useMemo(() => new Set(run?.running ?? []), [run]);
  const failed = useMemo(() => failedCases(suites, history), [suites, history]);
  const cases = suites.reduce((n, s) => n + (s.suite?.cases.length ?? 0), 0);
  const current = useMemo(() => findCase(suites, selected), [suites, selected]);
  const caseHistory = useMemo(
    () => (selected ? history.filter((r) => caseKey(r) === selected).sort((a, b) => b.at - a.at) : []),
    [history, selected],
  );

  useEffect(() => {
    if (!selected && suites.length) {
      const first = suites.find((s) => s.suite?.cases.length);
      if (first) selectCase(caseKey({ suite: first.file, name: first.suite!.cases[0].name }));
    }
  }, [selected, suites, selectCase]);

  if (!selectedId)
    return (
      <EmptyState title="Create the persona to test it" testId="tests-empty">
        <p>Tests run the saved persona file. Save it in the Editor first.</p>
      </EmptyState>
    );
  const passedNow = suites.flatMap(
    (s) => s.suite?.cases.map((c) => latest.get(caseKey({ suite: s.file, name: c.name }))) ?? [],
  );
  const green = passedNow.filter((r) => r?.passed).length;
  const red = passedNow.filter((r) => r && !r.passed).length;

  return (
    <div className="tests" data-testid="tests-pane">
      <div className="chat-bar tests-bar">
        <button
          className="primary small"
          onClick={() => void runTests()}
          disabled={!!run || !cases}
          data-testid="run-all"
        >
          Run all
        </button>
        <button
          className="small"
          onClick={() => void rerunFailed()}
          disabled={!!run || !failed.length}
          data-testid="rerun-failed"
        >
          Re-run failed
        </button>
        {run ? (
          <span className="badge run" data-testid="tests-progress" role="status">
            <span className="spinner" style={{ marginRight: 6 }} />
            {run.done} of {run.total || '…'} done · {run.running.length} running
          </span>
        ) : (
          cases > 0 && (
            <span className="small muted" data-testid="tests-summary" role="status">
              {green} passed · {red} failed · {cases - green - red} not run · {cases} case{cases === 1 ? '' : 's'}
            </span>
          )
        )}
        <span className="grow" />
        <OpenSuite onOpen={openSuiteFile} />
      </div>
      {error && (
        <div style={{ padding: '8px 20px 0' }}>
          <ErrorNotice error={error} testId="tests-error" />
        </div>
      )}
      {loadedFor !== selectedId ? (
        <EmptyState title="Loading…" />
      ) : !suites.length ? (
        <EmptyState
          title="No tests yet"
          testId="tests-empty"
          actions={
            <button className="primary" onClick={() => setTab('chat')}>
              Open the chat
            </button>
          }
        >
          <p>
            Open a chat session and press <strong>Save as test</strong>. The case keeps the session&apos;s user turns
            and the tools&apos; recorded results, with assertions you edit before saving. Or open a{' '}
            <code>*.suite.json</code> file above.
          </p>
        </EmptyState>
      ) : (
        <div className="tests-body">
          <SuiteList suites={suites} latest={latest} running={running} selected={selected} onSelect={selectCase} />
          {current ? (
            <CaseDetail
              key={selected}
              testCase={current.c}
              history={caseHistory}
              shown={shown}
              running={running.has(selected!)}
              busy={!!run}
              onRun={() => void runTests([{ suite: current.s.file, name: current.c.name }])}
              onShowResult={(id) => void showResult(id)}
              Trace={Trace}
            />
          ) : (
            <EmptyState title="Pick a case" compact>
              <p>Choose a case on the left to see its assertions, its trace and its history.</p>
            </EmptyState>
          )}
        </div>
      )}
    </div>
  );
}
