import { exhaustive } from '../../../shared/domain/exhaustive';
import { memorySummary } from '../../../shared/domain/memory-summary';
import type { TokenUsage, TraceEvent } from '../../../shared/domain/trace';

/** How each kind of loop notice starts its line. */
const NOTICE_HEADS: Record<'limit_reached' | 'unparseable' | 'tools_not_offered', (limit?: string) => string> = {
  limit_reached: (limit) => `limit reached (${limit ?? 'limit'})`,
  unparseable: () => 'reply not understood',
  tools_not_offered: () => 'tools not offered',
};

type Write = (text: string) => void;

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);
const clip = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ⏎ ');
const tokens = (u: TokenUsage) => `${u.promptTokens}+${u.completionTokens} tokens`;

/** What the debugger changed about a call, e.g. ` (edited: the model asked {"a":1}; paused 2.10 s)`. */
function debugNote(event: {
  originalArguments?: Record<string, unknown>;
  mocked?: boolean;
  pausedMs?: number;
  denied?: { reason: string | null };
}): string {
  const notes = [
    event.originalArguments ? `edited: the model asked ${JSON.stringify(event.originalArguments)}` : '',
    event.mocked ? 'mocked' : '',
    event.denied ? 'denied' : '',
    event.pausedMs ? `paused ${ms(event.pausedMs)}` : '',
  ].filter(Boolean);
  return notes.length ? ` (${notes.join('; ')})` : '';
}

/** What a closed span produced, on one line: its text, score, whether the beam kept it, the verdict. */
function outcome(e: Extract<TraceEvent, { type: 'span_finished' }>): string {
  const marks = [
    e.score !== undefined ? `score ${e.score}/10` : '',
    e.kept === true ? 'kept' : e.kept === false ? 'pruned' : '',
    e.satisfactory === true ? 'satisfactory' : e.satisfactory === false ? 'unsatisfactory' : '',
  ].filter(Boolean);
  const text = e.text ? clip(oneLine(e.text), 200) : '';
  return [text, marks.length ? `[${marks.join(', ')}]` : ''].filter(Boolean).join('  ');
}

/**
 * Prints a run's trace for a person: the header, each assistant turn with its tool calls, each tool result or
 * error with its timing, the answer as it streams, and how the run ended. `[n/max]` is the loop iteration of the
 * one-level engines; the multi-phase loops' spans (plan, step, episode, candidate...) print as an indented tree,
 * each brain turn in them with its token counts. The footer sums the provider's token counts when it sent them.
 */
export function createRunPrinter(out: Write, err: Write): (event: TraceEvent) => void {
  let max = 0;
  let streaming = false;
  let answered = false;
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  let counted = false;
  const depth = new Map<string, number>();
  /** Spans whose text was printed when they opened (a leaf: an answer, an intermediate answer). */
  const opened = new Map<string, string>();
  const tag = (iteration: number) => (iteration > max ? '[final]' : `[${iteration}/${max}]`);
  /** The line's lead: `[n/max] ` at the top level of an iteration, the span's indentation inside one, else nothing. */
  const lead = (e: TraceEvent) => {
    if (e.spanId) return '  '.repeat((depth.get(e.spanId) ?? 0) + 1);
    return e.iteration > 0 ? `${tag(e.iteration)} ` : '';
  };
  const endStream = () => {
    if (streaming) out('\n');
    streaming = false;
  };

  return (event) => {
    switch (event.type) {
      case 'run_started':
        max = event.maxIterations;
        out(
          `${event.personaName} · ${event.engine} · ${event.brain ?? 'no brain'}${event.model ? ` (${event.model})` : ''}\n`,
        );
        out(`tools: ${event.tools.length ? event.tools.join(', ') : '(none)'}\n`);
        break;
      case 'user_message':
        out(`you> ${event.content}\n`);
        break;
      case 'memory_context':
        out(`${memorySummary(event)}\n`);
        if (event.warning) err(`  ! ${event.warning}\n`);
        break;
      case 'assistant_message': {
        // The streamed line ends before a warning goes to stderr, so a terminal does not show it inside the answer.
        const wasStreaming = streaming;
        endStream();
        if (event.usage) {
          counted = true;
          usage.promptTokens += event.usage.promptTokens;
          usage.completionTokens += event.usage.completionTokens;
        }
        const at = lead(event);
        for (const warning of event.warnings) err(`${at}  ! ${warning}\n`);
        if (event.requestEdit) out(`${at}  ✎ the request was edited before it was sent\n`);
        const cost = event.spanId && event.usage ? `, ${tokens(event.usage)}` : '';
        if (event.final) {
          answered = true;
          if (wasStreaming) out(`${at}  (assistant ${ms(event.durationMs)}${cost})\n`);
          else out(`${at}answer> ${event.content}  (assistant ${ms(event.durationMs)}${cost})\n`);
          break;
        }
        const text = event.content.trim();
        const shown = event.spanId ? clip(oneLine(text), 200) : clip(text);
        out(`${at}assistant ${ms(event.durationMs)}${cost}${text ? `: ${shown}` : ''}\n`);
        for (const call of event.toolCalls)
          out(`${at}  → ${call.name}(${JSON.stringify(call.arguments)})  [${call.id}]\n`);
        break;
      }
      case 'tool_started':
        break;
      case 'tool_result':
        out(`${lead(event)}  ← ${event.name} ${ms(event.durationMs)}${debugNote(event)}: ${clip(event.content)}\n`);
        break;
      case 'tool_error':
        out(
          `${lead(event)}  ✗ ${event.name} ${ms(event.durationMs)}${debugNote(event)} [${event.error.code}]: ${clip(event.content)}\n`,
        );
        break;
      case 'answer_delta':
        if (!streaming) out(`${lead(event)}answer> `);
        streaming = true;
        answered = true;
        out(event.delta);
        break;
      case 'span_started': {
        endStream();
        const d = event.parentSpanId ? (depth.get(event.parentSpanId) ?? 0) + 1 : 0;
        if (event.spanId) depth.set(event.spanId, d);
        if (event.spanId && event.text) opened.set(event.spanId, event.text);
        out(`${'  '.repeat(d)}▸ ${event.title}${event.text ? `: ${clip(oneLine(event.text), 200)}` : ''}\n`);
        break;
      }
      case 'span_finished': {
        const same = event.text !== undefined && opened.get(event.spanId ?? '') === event.text;
        const line = outcome(same ? { ...event, text: undefined } : event);
        if (line) out(`${'  '.repeat((depth.get(event.spanId ?? '') ?? 0) + 1)}= ${line}\n`);
        break;
      }
      case 'loop_notice':
        endStream();
        out(`${lead(event)}! ${NOTICE_HEADS[event.reason](event.limit)}: ${event.message}\n`);
        break;
      case 'run_finished':
        endStream();
        if (!answered && event.answer) out(`answer> ${event.answer}\n`);
        out(
          `done in ${ms(event.durationMs)}, ${iterationsText(event.iterations, event.limitReached)}${counted ? `, ${usage.promptTokens} prompt + ${usage.completionTokens} completion tokens` : ''}\n`,
        );
        break;
      case 'run_failed':
        endStream();
        err(`run failed after ${ms(event.durationMs)} [${event.error.code}]: ${event.error.message}\n`);
        break;
      case 'run_cancelled':
        endStream();
        err(`run cancelled after ${ms(event.durationMs)}: ${event.reason}\n`);
        break;
      default:
        exhaustive(event);
    }
  };
}

/** "2 iterations"; at the limit, that the answer came from one more request without tools. */
export function iterationsText(iterations: number, limitReached?: boolean): string {
  const n = `${iterations} iteration${iterations === 1 ? '' : 's'}`;
  return limitReached ? `${n} (the limit), then one answer without tools` : n;
}
