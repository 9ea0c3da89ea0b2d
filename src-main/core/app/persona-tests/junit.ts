import type { CaseResult } from './run-suite';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe in XML attributes and content: the five entities escaped, characters XML 1.0 forbids dropped. */
export function xmlEscape(text: string): string {
  let kept = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const allowed =
      c === 9 || c === 10 || c === 13 || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000;
    if (allowed) kept += ch;
  }
  return kept.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** The failing assertions of a case's attempts, one line each, with the step they point at. */
export function failureLines(result: CaseResult): string[] {
  return result.attempts.flatMap((attempt, i) =>
    attempt.assertions
      .filter((a) => !a.ok)
      .map((a) => {
        const run = result.runs > 1 ? `run ${i + 1}: ` : '';
        const step = a.step
          ? ` (at turn ${a.step.turn}, iteration ${a.step.iteration}, step ${a.step.seq}: ${a.step.name} ${JSON.stringify(a.step.arguments)})`
          : '';
        return `${run}${a.label}: ${a.message ?? 'failed'}${step}`;
      }),
  );
}

/** JUnit XML (testsuites > testsuite per suite file > testcase per case, failure when it failed) for CI systems. */
export function junitXml(results: CaseResult[]): string {
  const bySuite = new Map<string, CaseResult[]>();
  for (const r of results) bySuite.set(r.suite, [...(bySuite.get(r.suite) ?? []), r]);
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = (rs: CaseResult[]) => rs.reduce((s, r) => s + r.durationMs, 0);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="persona-studio test" tests="${results.length}" failures="${results.filter((r) => !r.passed).length}" time="${seconds(total(results))}">`,
  ];
  for (const [suite, rs] of bySuite) {
    lines.push(
      `  <testsuite name="${xmlEscape(suite)}" tests="${rs.length}" failures="${rs.filter((r) => !r.passed).length}" errors="0" skipped="0" time="${seconds(total(rs))}">`,
    );
    for (const r of rs) {
      const open = `    <testcase classname="${xmlEscape(suite)}" name="${xmlEscape(r.name)}" time="${seconds(r.durationMs)}"`;
      if (r.passed) {
        lines.push(`${open}/>`);
        continue;
      }
      const failures = failureLines(r);
      lines.push(
        `${open}>`,
        `      <failure message="${xmlEscape(`${r.passedRuns}/${r.runs} runs passed; ${failures[0] ?? ''}`)}" type="assertion">${xmlEscape(failures.join('\n'))}</failure>`,
        '    </testcase>',
      );
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
