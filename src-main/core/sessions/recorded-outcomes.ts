import type { ErrorValue } from '../../../shared/domain/errors';
import type { TraceEvent } from '../../../shared/domain/trace';

/** A recorded tool call's outcome: its result, or its error. */
export type RecordedOutcome = { ok: true; result: Record<string, unknown> } | { ok: false; error: ErrorValue };

/** The outcome a tool event recorded (a result that is not an object is wrapped as `{result}`); null for others. */
export function recordedOutcomeOf(e: { type?: string; result?: unknown; error?: ErrorValue }): RecordedOutcome | null {
  if (e.type === 'tool_result') {
    const result =
      e.result && typeof e.result === 'object' && !Array.isArray(e.result) ? e.result : { result: e.result };
    return { ok: true, result: structuredClone(result) as Record<string, unknown> };
  }
  if (e.type === 'tool_error' && e.error) return { ok: false, error: e.error };
  return null;
}

/** The tool outcomes of a list of trace events, by tool call id. */
export function recordedOutcomesById(events: TraceEvent[]): Map<string, RecordedOutcome> {
  const outcomes = new Map<string, RecordedOutcome>();
  for (const e of events) {
    if (e.type !== 'tool_result' && e.type !== 'tool_error') continue;
    const outcome = recordedOutcomeOf(e);
    if (outcome) outcomes.set(e.toolCallId, outcome);
  }
  return outcomes;
}

/** A stable key for a call by name and arguments (object keys sorted), to match calls across runs. */
export function callKey(name: string, args: unknown): string {
  return `${name}(${stableJson(args)})`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * The recorded outcomes of a session by call name and arguments, each key's outcomes in recorded order: a re-run
 * asking the same call again gets the next one, and the last one once they are used up.
 */
export class RecordedCalls {
  private readonly byKey = new Map<string, RecordedOutcome[]>();
  private readonly used = new Map<string, number>();

  constructor(events: TraceEvent[]) {
    for (const e of events) {
      if (e.type !== 'tool_result' && e.type !== 'tool_error') continue;
      const outcome = recordedOutcomeOf(e);
      if (!outcome) continue;
      const key = callKey(e.name, e.originalArguments ?? e.arguments);
      const list = this.byKey.get(key) ?? [];
      list.push(outcome);
      this.byKey.set(key, list);
    }
  }

  /** The outcome recorded for this call, or null when the recording has none. */
  take(name: string, args: unknown): RecordedOutcome | null {
    const key = callKey(name, args);
    const list = this.byKey.get(key);
    if (!list?.length) return null;
    const i = this.used.get(key) ?? 0;
    this.used.set(key, i + 1);
    return structuredClone(list[Math.min(i, list.length - 1)]);
  }
}
