// Type-level test (checked by `npm run typecheck`, tsconfig.shared.json; nothing runs): a switch over the
// trace-event kinds that ends in `exhaustive()` compiles only when it handles every kind. The row builder
// (src-renderer/lib/trace-rows.ts), the CLI printer (src-main/cli/commands/run-printer.ts) and the session reader
// (src-main/core/sessions/session-summary.ts) end their switches this way, so a kind added to TraceEvent fails
// the typecheck there until each handles it.
import { exhaustive } from './exhaustive';
import type { TraceEvent, TraceEventType } from './trace';

/** Every kind of the value handled: compiles (the three places above are the full-union case). */
export function everyKind(e: Extract<TraceEvent, { type: 'run_finished' | 'run_failed' }>): TraceEventType {
  switch (e.type) {
    case 'run_finished':
    case 'run_failed':
      return e.type;
    default:
      exhaustive(e);
      return 'run_failed';
  }
}

/** One kind left out: `exhaustive(e)` gets that kind, not `never`, and does not compile. */
export function oneKindMissing(e: TraceEvent): void {
  switch (e.type) {
    case 'run_started':
    case 'user_message':
    case 'assistant_message':
    case 'tool_started':
    case 'tool_result':
    case 'tool_error':
    case 'answer_delta':
    case 'run_finished':
    case 'run_failed':
      return;
    default:
      // @ts-expect-error run_cancelled is not handled
      exhaustive(e);
  }
}

/** A kind added to a union (what a new trace-event kind does) and not handled: does not compile. */
export function newKind(e: Extract<TraceEvent, { type: 'run_finished' }> | { type: 'new_kind'; runId: string }): void {
  switch (e.type) {
    case 'run_finished':
      return;
    default:
      // @ts-expect-error new_kind is not handled
      exhaustive(e);
  }
}
