import { memorySummary } from '../../../shared/domain/memory-summary';
import type { TraceEvent } from '../../../shared/domain/trace';

type Write = (text: string) => void;

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);
const clip = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

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

/**
 * Prints a run's trace for a person: the header, each assistant turn with its tool calls, each tool result or
 * error with its timing, the answer as it streams, and how the run ended. `[n/max]` is the loop iteration.
 */
export function createRunPrinter(out: Write, err: Write): (event: TraceEvent) => void {
  let max = 0;
  let streaming = false;
  const tag = (iteration: number) => (iteration > max ? '[final]' : `[${iteration}/${max}]`);
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
        for (const warning of event.warnings) err(`${tag(event.iteration)}   ! ${warning}\n`);
        if (event.requestEdit) out(`${tag(event.iteration)}   ✎ the request was edited before it was sent\n`);
        if (event.final) {
          if (wasStreaming) out(`${tag(event.iteration)}   (assistant ${ms(event.durationMs)})\n`);
          else out(`${tag(event.iteration)} answer> ${event.content}  (assistant ${ms(event.durationMs)})\n`);
          break;
        }
        const text = event.content.trim();
        out(`${tag(event.iteration)} assistant ${ms(event.durationMs)}${text ? `: ${clip(text)}` : ''}\n`);
        for (const call of event.toolCalls)
          out(`${tag(event.iteration)}   → ${call.name}(${JSON.stringify(call.arguments)})  [${call.id}]\n`);
        break;
      }
      case 'tool_started':
        break;
      case 'tool_result':
        out(
          `${tag(event.iteration)}   ← ${event.name} ${ms(event.durationMs)}${debugNote(event)}: ${clip(event.content)}\n`,
        );
        break;
      case 'tool_error':
        out(
          `${tag(event.iteration)}   ✗ ${event.name} ${ms(event.durationMs)}${debugNote(event)} [${event.error.code}]: ${clip(event.content)}\n`,
        );
        break;
      case 'answer_delta':
        if (!streaming) out(`${tag(event.iteration)} answer> `);
        streaming = true;
        out(event.delta);
        break;
      case 'run_finished':
        endStream();
        out(`done in ${ms(event.durationMs)}, ${iterationsText(event.iterations, event.limitReached)}\n`);
        break;
      case 'run_failed':
        endStream();
        err(`run failed after ${ms(event.durationMs)} [${event.error.code}]: ${event.error.message}\n`);
        break;
      case 'run_cancelled':
        endStream();
        err(`run cancelled after ${ms(event.durationMs)}: ${event.reason}\n`);
        break;
    }
  };
}

/** "2 iterations"; at the limit, that the answer came from one more request without tools. */
export function iterationsText(iterations: number, limitReached?: boolean): string {
  const n = `${iterations} iteration${iterations === 1 ? '' : 's'}`;
  return limitReached ? `${n} (the limit), then one answer without tools` : n;
}
