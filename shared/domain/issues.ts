import type { ValidationIssue } from './errors';

/** zod issues -> `{path, message}` (the shape forms show). */
export function toIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): ValidationIssue[] {
  return issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'number' ? p : String(p))), message: i.message }));
}

/**
 * Issues as one line, `path: message; path: message`, for error messages; `root` names an issue at the top
 * (empty path), as in `config: Required`.
 */
export function issuesText(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  root = '',
): string {
  return issues.map((i) => `${i.path.map(String).join('.') || root}: ${i.message}`).join('; ');
}
