import { diffRuns } from '../../../shared/domain/run-diff';
import { resolveDataDir } from '../../core/data-dir';
import { CliInputError } from '../cli-input-error';
import type { Command } from '../index';
import { formatRunDiff } from './diff-printer';
import { loadSessionRef } from './session-ref';

const usage = `Usage: persona-studio diff <session-a> <session-b> [--json]

Compares two runs (session ids of $PERSONA_STUDIO_HOME/sessions, or session .jsonl files), turn by turn and
iteration by iteration: tool calls added, removed or changed (arguments and results as JSON diffs), the answers
as a word diff ([-only in A-] {+only in B+}), and the deltas in iterations, duration and tokens.
  --json   the diff as one JSON object (RunDiff)
Exit status: 0 when the runs are equal (ids, times and token counts are ignored), 1 when they differ, 2 on bad input.`;

/** `persona-studio diff`, its output injectable. */
export async function diffCommand(args: string[], out: (text: string) => void = (t) => void process.stdout.write(t)) {
  const json = args.includes('--json');
  const bad = args.find((a) => a.startsWith('--') && a !== '--json');
  const refs = args.filter((a) => !a.startsWith('--'));
  if (bad || refs.length !== 2) throw new CliInputError(`${bad ? `Unknown option ${bad}.\n` : ''}${usage}`);
  const dataDir = resolveDataDir();
  const [a, b] = await Promise.all(refs.map((r) => loadSessionRef(r, dataDir)));
  const diff = diffRuns(a, b);
  out(json ? `${JSON.stringify(diff)}\n` : formatRunDiff(diff));
  return diff.equal ? 0 : 1;
}

export const command: Command = {
  summary: 'compare two runs turn by turn (exit 0 equal, 1 differ)',
  usage,
  run: (args) => diffCommand(args),
};
