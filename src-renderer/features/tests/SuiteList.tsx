import type { CaseResultSummary, SuiteListing } from '../../../shared/domain/persona-test-result';
import { caseKey } from '../../store/tests-slice';
import { caseStatus, STATUS_LABEL } from './case-status';

function fileName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/** The persona's suites and their cases, each with its status dot; a suite that cannot be read shows why. */
export function SuiteList({
  suites,
  latest,
  running,
  selected,
  onSelect,
}: {
  suites: SuiteListing[];
  latest: Map<string, CaseResultSummary>;
  running: Set<string>;
  selected: string | null;
  onSelect(key: string): void;
}) {
  return (
    <nav className="suite-list" aria-label="Test suites" data-testid="suite-list">
      {suites.map((s) => (
        <section key={s.file} className="suite" data-testid="suite" data-file={s.file}>
          <h3 title={s.file}>
            <span className="grow">{fileName(s.file)}</span>
            {s.source === 'opened' && <span className="badge">opened</span>}
          </h3>
          {s.error ? (
            <div className="notice error small" data-testid="suite-error">
              {s.error}
            </div>
          ) : (
            <ul>
              {s.suite!.cases.map((c) => {
                const key = caseKey({ suite: s.file, name: c.name });
                const status = caseStatus(running.has(key), latest.get(key));
                return (
                  <li key={key}>
                    <button
                      data-testid="test-case"
                      data-status={status}
                      aria-current={selected === key}
                      onClick={() => onSelect(key)}
                    >
                      <span className={`status-dot ${status}`} aria-hidden="true" />
                      <span className="grow case-name">{c.name}</span>
                      <span className="sr-only">{STATUS_LABEL[status]}</span>
                      {status === 'running' && <span className="spinner" aria-hidden="true" />}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
    </nav>
  );
}
