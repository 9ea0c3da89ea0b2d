import { SuiteCase } from '../../../shared/domain/persona-suite';

/** What the case editor's text is: a valid case, or the problems that say where and why it is not. */
export type CaseCheck = { ok: true; value: SuiteCase } | { ok: false; problems: string[] };

const MAX_CASE_CHARS = 5 * 1024 * 1024;

function where(path: PropertyKey[]): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i ? '.' : ''}${String(k)}`)).join('') || '(case)';
}

/**
 * Checks the case editor's text against the suite schema's case (and the names the suite has): the JSON error with
 * its position, or every schema problem with its field.
 */
export function checkCaseText(text: string, takenNames: string[] = []): CaseCheck {
  if (text.length > MAX_CASE_CHARS)
    return { ok: false, problems: [`The case is larger than ${MAX_CASE_CHARS} characters.`] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [`Not valid JSON: ${(error as Error).message}`] };
  }
  const parsed = SuiteCase.safeParse(raw);
  if (!parsed.success)
    return { ok: false, problems: parsed.error.issues.slice(0, 20).map((i) => `${where(i.path)}: ${i.message}`) };
  for (const [i, a] of parsed.data.assertions.entries()) {
    if (a.type !== 'answer_matches') continue;
    try {
      new RegExp(a.pattern, a.flags);
    } catch (error) {
      return { ok: false, problems: [`assertions[${i}].pattern: ${(error as Error).message}`] };
    }
  }
  if (takenNames.includes(parsed.data.name))
    return { ok: false, problems: [`name: the suite already has a case named '${parsed.data.name}'; rename it.`] };
  return { ok: true, value: parsed.data };
}
