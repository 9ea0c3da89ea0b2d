import type { DiffPart, RunDiff, ToolDiff, TurnDiff } from '../../../shared/domain/run-diff';

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const oneLine = (v: unknown) => clip(JSON.stringify(v) ?? 'null');
const ms = (v: number | null) => (v === null ? '–' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
const num = (v: number | null) => (v === null ? '–' : String(v));

/** A JSON diff's changed lines, `-` for A and `+` for B, indented. */
function jsonLines(parts: DiffPart[], indent: string): string[] {
  const out: string[] = [];
  for (const p of parts) {
    if (!p.added && !p.removed) continue;
    for (const line of p.value.replace(/\n$/, '').split('\n')) out.push(`${indent}${p.added ? '+' : '-'} ${line}`);
  }
  return out;
}

/** Words only in A as [-…-], only in B as {+…+}. */
function words(parts: DiffPart[]): string {
  return parts.map((p) => (p.added ? `{+${p.value}+}` : p.removed ? `[-${p.value}-]` : p.value)).join('');
}

function toolLines(t: ToolDiff): string[] {
  const call = (side: ToolDiff['a']) => `${t.name}(${oneLine(side?.arguments)})`;
  switch (t.status) {
    case 'same':
      return [`    = ${call(t.a)} -> ${oneLine(t.a?.outcome)}`];
    case 'added':
      return [`    + ${call(t.b)} -> ${oneLine(t.b?.outcome)}  (only in B)`];
    case 'removed':
      return [`    - ${call(t.a)} -> ${oneLine(t.a?.outcome)}  (only in A)`];
    case 'changed':
      return [
        `    ~ ${t.name}`,
        ...(t.argumentsChanged ? ['      arguments:', ...jsonLines(t.argumentsDiff, '        ')] : []),
        ...(t.outcomeChanged ? ['      result:', ...jsonLines(t.outcomeDiff, '        ')] : []),
      ];
  }
}

function turnLines(t: TurnDiff): string[] {
  const lines = [
    `turn ${t.turn}: ${t.status === 'added' ? 'only in B' : t.status === 'removed' ? 'only in A' : t.status}`,
  ];
  if (t.userChanged) lines.push(`  A you> ${clip(t.userA ?? '–')}`, `  B you> ${clip(t.userB ?? '–')}`);
  else lines.push(`  you> ${clip(t.userA ?? '')}`);
  for (const it of t.iterations) {
    if (!it.textChanged && it.tools.every((x) => x.status === 'same') && t.status === 'same') continue;
    lines.push(`  [${it.iteration}]`);
    if (it.textChanged) lines.push(`    A text: ${clip(it.textA ?? '–')}`, `    B text: ${clip(it.textB ?? '–')}`);
    for (const tool of it.tools) lines.push(...toolLines(tool));
  }
  if (t.answerChanged) {
    if (t.endA?.status !== t.endB?.status)
      lines.push(
        `  A ${t.endA?.status ?? 'absent'}: ${clip(t.endA?.text ?? '')}`,
        `  B ${t.endB?.status ?? 'absent'}: ${clip(t.endB?.text ?? '')}`,
      );
    else lines.push(`  answer: ${clip(words(t.answerDiff), 2000)}`);
  } else if (t.endA) lines.push(`  answer: ${clip(t.endA.text)}`);
  lines.push(
    `  iterations ${num(t.iterationCount[0])} -> ${num(t.iterationCount[1])} · duration ${ms(t.durationMs[0])} -> ${ms(t.durationMs[1])} · tokens ${num(t.tokens[0])} -> ${num(t.tokens[1])}`,
  );
  return lines;
}

/** The diff as text, as `persona-studio diff` prints it. */
export function formatRunDiff(diff: RunDiff): string {
  const side = (label: string, s: RunDiff['a']) =>
    `${label} ${s.sessionId}: ${s.turns} turn(s), ${s.iterations} iteration(s), ${ms(s.durationMs)}, ${num(s.tokens)} tokens`;
  return [
    side('A', diff.a),
    side('B', diff.b),
    ...diff.turns.flatMap(turnLines),
    diff.equal ? 'equal (ids, times and token counts aside)' : 'the runs differ',
    '',
  ].join('\n');
}
