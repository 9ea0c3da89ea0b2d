import type { ErrorSchema } from '@rjsf/utils';
import type { ValidationIssue } from '../../shared/domain/errors';

/** Main's validation issues as an rjsf ErrorSchema, so they show on their fields (rjsf `extraErrors`). */
export function issuesToErrorSchema(issues: ValidationIssue[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const issue of issues) {
    let node = root;
    for (const part of issue.path) {
      const k = String(part);
      node = (node[k] ??= {}) as Record<string, unknown>;
    }
    ((node.__errors ??= []) as string[]).push(issue.message);
  }
  return root as ErrorSchema;
}
