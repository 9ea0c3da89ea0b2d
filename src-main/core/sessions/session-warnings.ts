import { TERMINAL_TRACE_TYPES, type TraceEvent } from '../../../shared/domain/trace';
import type { SkippedLine } from './session-decoder';
import type { SessionWriter } from './session-writer';

/** Runs whose end is not in the file; the last one is left out while a run of the session is going here. */
export function unfinishedRuns(events: TraceEvent[], running: boolean): string[] {
  const ended = new Set(events.filter((e) => TERMINAL_TRACE_TYPES.some((t) => t === e.type)).map((e) => e.runId));
  const runs = [...new Set(events.map((e) => e.runId))];
  if (running && runs.length && !ended.has(runs[runs.length - 1])) runs.pop();
  return runs.filter((r) => !ended.has(r));
}

/**
 * What a reopened session lacks, in words: lines that could not be read, and runs whose end is not in the file
 * (the app was killed, or the disk refused the rest). A run still going in this process is not counted.
 */
export function sessionWarnings(open: string[], skipped: SkippedLine[], writer?: SessionWriter): string[] {
  const warnings: string[] = [];
  if (skipped.length)
    warnings.push(
      `skipped ${skipped.length} unreadable line(s) of the file: ${skipped
        .slice(0, 5)
        .map((s) => `line ${s.line}: ${s.error}`)
        .join('; ')}${skipped.length > 5 ? '; …' : ''}`,
    );
  if (open.length)
    warnings.push(
      `The file ends before ${open.length === 1 ? 'a run' : `${open.length} runs`} ended: the app stopped, or could not write, before the rest of the trace was saved. What follows is what the file holds.`,
    );
  if (writer && writer.lost > 0)
    warnings.push(`${writer.lost} event(s) of this session could not be written to its file.`);
  return warnings;
}
