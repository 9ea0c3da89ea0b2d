import type { ValidationIssue } from '../../../shared/domain/errors';
import { brainIdOf, engineIdOf, type PersonaDraft } from '../../lib/persona-model';
import { normalizeIssuePath } from '../../lib/persona-validate';

/** The editor control an issue is about (by element id), or null when no single control shows it. */
export function fieldForIssue(p: PersonaDraft, issue: Pick<ValidationIssue, 'path'>): string | null {
  const path = normalizeIssuePath(issue.path);
  const engine = engineIdOf(p);
  const brain = `${engine}.${brainIdOf(p)}`;
  const fixed: Record<string, string> = {
    name: 'persona-name',
    description: 'persona-description',
    handlers: 'persona-engine',
    [`${engine}.system_prompt`]: 'persona-prompt',
    [`${engine}.max_iterations`]: 'persona-max-iterations',
    [`${brain}.api_url`]: 'brain-url',
    [`${brain}.model`]: 'brain-model',
    [`${brain}.api_key`]: 'brain-key',
  };
  return fixed[path] ?? null;
}

/** Moves the keyboard focus to the control an issue is about (scrolling it into view); false when there is none. */
export function focusIssue(p: PersonaDraft, issue: Pick<ValidationIssue, 'path'>): boolean {
  const id = fieldForIssue(p, issue);
  const el = id ? document.getElementById(id) : null;
  if (!el) return false;
  el.focus();
  el.scrollIntoView?.({ block: 'center' });
  return true;
}
