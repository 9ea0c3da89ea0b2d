import type { ValidationIssue } from './errors';

/** zod issues -> `{path, message}` (the shape forms show). */
export function toIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): ValidationIssue[] {
  return issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'number' ? p : String(p))), message: i.message }));
}
