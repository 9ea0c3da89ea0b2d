import type { CaseResultSummary } from '../../../shared/domain/persona-test-result';

/** How a case stands: running now, its latest result, or never run. */
export type CaseStatus = 'running' | 'passed' | 'failed' | 'not-run';

export function caseStatus(running: boolean, latest: CaseResultSummary | undefined): CaseStatus {
  if (running) return 'running';
  if (!latest) return 'not-run';
  return latest.passed ? 'passed' : 'failed';
}

export const STATUS_LABEL: Record<CaseStatus, string> = {
  running: 'running',
  passed: 'passed',
  failed: 'failed',
  'not-run': 'not run yet',
};
