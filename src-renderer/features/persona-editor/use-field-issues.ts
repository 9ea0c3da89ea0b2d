import { useMemo } from 'react';
import { useApp } from '../../store/context';
import { issuesByPath, validateDraft } from '../../lib/persona-validate';

/** Issues by dotted persona path: the editor's own checks (live) and main's last refusal. */
export function useFieldIssues(): (path: string) => string[] {
  const draft = useApp((s) => s.draft);
  const server = useApp((s) => s.serverIssues);
  const catalog = useApp((s) => s.catalog);
  const byPath = useMemo(
    () => issuesByPath([...(draft ? validateDraft(draft, catalog) : []), ...server]),
    [draft, server, catalog],
  );
  return (path) => [...new Set(byPath[path] ?? [])];
}
