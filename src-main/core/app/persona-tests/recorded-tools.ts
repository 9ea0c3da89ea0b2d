import { readFileSync } from 'node:fs';
import type { ErrorValue } from '../../../../shared/domain/errors';
import { parseJsonSafe } from '../../../../shared/json/safe-json';
import { recordedOutcomeOf, type RecordedOutcome } from '../../sessions/recorded-outcomes';

export type { RecordedOutcome };

/**
 * The tool outcomes of a session JSONL file by tool call id (the ids the replay brain plays back), so `recorded`
 * tools answer as they did then without running. Lines that are not JSON or not tool events are skipped.
 */
export function readRecordedTools(sessionFile: string): Map<string, RecordedOutcome> {
  const outcomes = new Map<string, RecordedOutcome>();
  for (const line of readFileSync(sessionFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = parseJsonSafe(line);
    } catch {
      continue;
    }
    const v = value as { type?: unknown; event?: unknown } | null;
    const e = (v && typeof v.type === 'string' ? v : v?.event) as
      { type?: string; toolCallId?: string; result?: unknown; error?: ErrorValue } | undefined;
    if (!e?.toolCallId) continue;
    const outcome = recordedOutcomeOf(e);
    if (outcome) outcomes.set(e.toolCallId, outcome);
  }
  return outcomes;
}
