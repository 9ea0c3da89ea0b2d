import type { ValidationIssue } from '../../shared/domain/errors';
import { EngineConfig, OpenAIBrainConfig, PersonaFile } from '../../shared/domain/persona';
import { brainIdOf, engineBlockOf, engineIdOf, type PersonaDraft } from './persona-model';

/** The issues the editor can find before asking main: the same zod schemas main parses with. */
export function validateDraft(p: PersonaDraft): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const add = (
    prefix: (string | number)[],
    r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  ) => {
    if (r.success || !r.error) return;
    for (const i of r.error.issues)
      issues.push({
        path: [...prefix, ...i.path.map((x) => (typeof x === 'symbol' ? String(x) : x))],
        message: i.message,
      });
  };
  add([], PersonaFile.safeParse(p));
  const engineId = engineIdOf(p);
  const engine = engineBlockOf(p);
  add([engineId], EngineConfig.safeParse(engine));
  add([engineId, brainIdOf(p)], OpenAIBrainConfig.safeParse(engine[brainIdOf(p)] ?? {}));
  return issues;
}

/** Issue paths from main are relative to the API input (`persona.name`); the editor keys them by persona path. */
export function normalizeIssuePath(path: (string | number)[]): string {
  const p = path[0] === 'persona' ? path.slice(1) : path;
  return p.join('.');
}

/** Issues grouped by dotted path, for the fields to show. */
export function issuesByPath(issues: ValidationIssue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[normalizeIssuePath(i.path)] ??= []).push(i.message);
  return out;
}
