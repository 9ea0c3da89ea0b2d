import type { RecordedCall, SuiteAssertion, SuiteCase } from '../../../shared/domain/persona-suite';
import type { TraceEvent } from '../../../shared/domain/trace';
import { StudioError } from '../errors';
import { containsSubset } from '../../../shared/domain/debug';

/** Longest answer proposed whole as `answer_contains`; a longer one is cut at a word boundary. */
const MAX_ANSWER_CHARS = 200;

type CaseInput = Omit<SuiteCase, 'tools'> & { tools: Record<string, { calls: RecordedCall[] }> };

function sameJson(a: unknown, b: unknown): boolean {
  return containsSubset(a, b) && containsSubset(b, a);
}

function answerPart(answer: string): string {
  const text = answer.trim();
  if (text.length <= MAX_ANSWER_CHARS) return text;
  const cut = text.slice(0, MAX_ANSWER_CHARS);
  const space = cut.lastIndexOf(' ');
  return (space > 40 ? cut.slice(0, space) : cut).trim();
}

function nameFrom(title: string, turns: string[]): string {
  const base = (title || turns[0] || 'chat session').replace(/\s+/g, ' ').trim();
  return base.length > 80 ? `${base.slice(0, 79)}…` : base;
}

/**
 * The case Save as test proposes for a chat session: its user turns; its brain live (the persona's own); every
 * tool it called as recorded calls (so the case runs without running a tool; a call edited in the debugger under
 * the model's arguments); and assertions: each distinct call's arguments (as containment), no tool errors when
 * none failed, and the last answer (or its start).
 * A session without a finished run or a tool call -> bad_input.
 */
export function caseFromSession(events: TraceEvent[], title = ''): CaseInput {
  const turns: string[] = [];
  const tools: Record<string, { calls: RecordedCall[] }> = {};
  const assertions: SuiteAssertion[] = [];
  let answer: string | null = null;
  let errors = 0;
  for (const e of events) {
    if (e.type === 'user_message') turns.push(e.content);
    else if (e.type === 'run_finished') answer = e.answer;
    else if (e.type === 'tool_result' || e.type === 'tool_error') {
      // A call edited in the debugger is recorded as the model asked it, with the outcome the model got: the
      // model asks it that way again when the case runs.
      const asked = e.originalArguments ?? e.arguments;
      const entry = (tools[e.name] ??= { calls: [] });
      if (entry.calls.some((c) => sameJson(c.arguments, asked))) continue;
      if (e.type === 'tool_result') {
        const result =
          e.result && typeof e.result === 'object' && !Array.isArray(e.result)
            ? (e.result as Record<string, unknown>)
            : { result: e.result };
        entry.calls.push({ arguments: asked, result });
      } else {
        errors++;
        entry.calls.push({ arguments: asked, error: e.error.message || e.error.code });
      }
      assertions.push({ type: 'tool_arguments', tool: e.name, contains: asked });
    }
  }
  if (Object.keys(tools).length && !errors) assertions.push({ type: 'no_tool_errors' });
  if (answer?.trim()) assertions.push({ type: 'answer_contains', value: answerPart(answer) });
  if (!turns.length || !assertions.length)
    throw new StudioError(
      'bad_input',
      'This session has no finished run (no answer, no tool call): there is nothing to make a test from yet.',
    );
  return {
    name: nameFrom(title, turns),
    turns,
    brain: 'live',
    tools,
    assertions,
    repeat: 1,
    threshold: 1,
  };
}
