import { readFileSync } from 'node:fs';
import type { ErrorValue } from '../../../../shared/domain/errors';
import { parseJsonSafe } from '../../../../shared/json/safe-json';

/** A recorded tool call's outcome: its result, or its error. */
export type RecordedOutcome = { ok: true; result: Record<string, unknown> } | { ok: false; error: ErrorValue };

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
    if (e.type === 'tool_result') {
      const result =
        e.result && typeof e.result === 'object' && !Array.isArray(e.result) ? e.result : { result: e.result };
      outcomes.set(e.toolCallId, { ok: true, result: result as Record<string, unknown> });
    } else if (e.type === 'tool_error' && e.error) outcomes.set(e.toolCallId, { ok: false, error: e.error });
  }
  return outcomes;
}
