import { ApiError } from '../../shared/ipc/client';
import type { ErrorValue, ValidationIssue } from '../../shared/domain/errors';

/** Any thrown value as the wire error value the UI shows as it is. */
export function toErrorValue(e: unknown): ErrorValue {
  if (e instanceof ApiError) return e.value;
  if (e && typeof e === 'object' && 'code' in e && 'message' in e) return e as ErrorValue;
  return { code: 'internal', message: e instanceof Error ? e.message : String(e) };
}

/** The field issues an error value carries (`details.issues`), or none. */
export function issuesOf(error: ErrorValue | null | undefined): ValidationIssue[] {
  const d = error?.details as { issues?: unknown } | undefined;
  if (!d || !Array.isArray(d.issues)) return [];
  return d.issues.filter(
    (i): i is ValidationIssue =>
      !!i &&
      typeof i === 'object' &&
      Array.isArray((i as ValidationIssue).path) &&
      typeof (i as ValidationIssue).message === 'string',
  );
}
