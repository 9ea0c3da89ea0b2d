import type { SuiteAssertion } from '../../../shared/domain/persona-suite';
import { issuesText } from '../../../shared/domain/issues';
import type { JsonSchema } from '../../../shared/domain/tool';
import type { TraceEvent } from '../../../shared/domain/trace';
import { containsSubset } from '../../../shared/domain/debug';
import { parseJsonSafe } from '../../../shared/json/safe-json';
import { validateWith } from '../toolbox/schema';

/** One tool call of a run as the assertions see it: where it happened and how it ended. */
export interface CallStep {
  /** Which user turn (from 1) and loop iteration it belongs to, and its trace event's seq. */
  turn: number;
  iteration: number;
  seq: number;
  name: string;
  arguments: Record<string, unknown>;
  ok: boolean;
  error?: string;
}

/** What the assertions check: the calls of every turn, the last turn's answer, and each run's end. */
export interface CaseRun {
  calls: CallStep[];
  /** The last turn's answer; null when a run did not finish. */
  answer: string | null;
  /** The most iterations of one turn's run. */
  iterations: number;
  /** All turns together. */
  durationMs: number;
  /** Why a run did not finish (run_failed / run_cancelled), or null. */
  failure: string | null;
}

/** An assertion's verdict: what it checked, why it failed, and the step it points at. */
export interface AssertionResult {
  ok: boolean;
  label: string;
  message?: string;
  step?: CallStep;
}

/** The run of one case from the trace events of its turns (one event list per turn). */
export function caseRunFrom(turns: TraceEvent[][]): CaseRun {
  const run: CaseRun = { calls: [], answer: null, iterations: 0, durationMs: 0, failure: null };
  turns.forEach((events, i) => {
    for (const e of events) {
      if (e.type === 'tool_result' || e.type === 'tool_error') {
        run.calls.push({
          turn: i + 1,
          iteration: e.iteration,
          seq: e.seq,
          name: e.name,
          arguments: e.arguments,
          ok: e.type === 'tool_result',
          ...(e.type === 'tool_error' ? { error: e.error.message } : {}),
        });
      } else if (e.type === 'run_finished') {
        run.answer = e.answer;
        run.iterations = Math.max(run.iterations, e.iterations);
        run.durationMs += e.durationMs;
      } else if (e.type === 'run_failed') {
        run.answer = null;
        run.failure = `turn ${i + 1} failed: ${e.error.message}`;
        run.durationMs += e.durationMs;
      } else if (e.type === 'run_cancelled') {
        run.answer = null;
        run.failure = `turn ${i + 1} was cancelled: ${e.reason}`;
        run.durationMs += e.durationMs;
      }
    }
  });
  return run;
}

const names = (calls: CallStep[]) => (calls.length ? calls.map((c) => c.name).join(' -> ') : '(no calls)');
const quote = (s: string | null) =>
  s === null ? '(no answer)' : JSON.stringify(s.length > 200 ? `${s.slice(0, 200)}…` : s);

const invalidText = (v: ReturnType<typeof validateWith>) => (v.ok ? '' : issuesText(v.issues, '(root)'));

/** A readable one-line name of an assertion. */
export function labelOf(a: SuiteAssertion): string {
  switch (a.type) {
    case 'tool_called':
      return `tool_called ${a.tool}${a.times === undefined ? '' : ` ×${a.times}`}`;
    case 'tool_not_called':
      return `tool_not_called ${a.tool}`;
    case 'tool_sequence':
      return `tool_sequence${a.exact ? ' (exact)' : ''} ${a.tools.join(' -> ')}`;
    case 'tool_arguments':
      return `tool_arguments ${a.tool} ⊇ ${JSON.stringify(a.contains)}`;
    case 'tool_arguments_schema':
      return `tool_arguments_schema ${a.tool}`;
    case 'answer_schema':
      return 'answer_schema';
    case 'tool_result':
      return `tool_result ${a.tool}${a.call ? ` #${a.call}` : ''} is ${a.status}`;
    case 'answer_contains':
      return `answer_contains ${JSON.stringify(a.value)}`;
    case 'answer_matches':
      return `answer_matches /${a.pattern}/${a.flags ?? ''}`;
    case 'answer_equals':
      return `answer_equals ${JSON.stringify(a.value)}`;
    case 'max_iterations':
      return `max_iterations ${a.value}`;
    case 'max_duration_ms':
      return `max_duration_ms ${a.value}`;
    case 'no_tool_errors':
      return 'no_tool_errors';
  }
}

function check(a: SuiteAssertion, run: CaseRun): Omit<AssertionResult, 'label'> {
  const of = (tool: string) => run.calls.filter((c) => c.name === tool);
  const answerNeeded = (test: (answer: string) => boolean, what: string) =>
    run.answer !== null && test(run.answer)
      ? { ok: true }
      : { ok: false, message: `the answer ${quote(run.answer)} ${what}` };
  switch (a.type) {
    case 'tool_called': {
      const n = of(a.tool).length;
      if (a.times === undefined ? n > 0 : n === a.times) return { ok: true };
      return { ok: false, message: `${a.tool} was called ${n} time(s); the calls: ${names(run.calls)}` };
    }
    case 'tool_not_called': {
      const first = of(a.tool)[0];
      return first ? { ok: false, message: `${a.tool} was called`, step: first } : { ok: true };
    }
    case 'tool_sequence': {
      if (a.exact) {
        const i = a.tools.findIndex((t, k) => run.calls[k]?.name !== t);
        if (i === -1 && run.calls.length === a.tools.length) return { ok: true };
        const at = i === -1 ? a.tools.length : i;
        return {
          ok: false,
          message: `call #${at + 1} is ${run.calls[at]?.name ?? '(none)'}, expected ${a.tools[at] ?? '(no more calls)'}; the calls: ${names(run.calls)}`,
          ...(run.calls[at] ? { step: run.calls[at] } : {}),
        };
      }
      let k = 0;
      for (const c of run.calls) if (k < a.tools.length && c.name === a.tools[k]) k++;
      if (k === a.tools.length) return { ok: true };
      return {
        ok: false,
        message: `no call of ${a.tools[k]} after ${a.tools.slice(0, k).join(' -> ') || 'the start'}; the calls: ${names(run.calls)}`,
      };
    }
    case 'tool_arguments': {
      const calls = of(a.tool);
      if (calls.some((c) => containsSubset(c.arguments, a.contains))) return { ok: true };
      if (!calls.length) return { ok: false, message: `${a.tool} was never called` };
      return {
        ok: false,
        message: `no call of ${a.tool} has arguments containing ${JSON.stringify(a.contains)}; it got ${JSON.stringify(calls[0].arguments)}`,
        step: calls[0],
      };
    }
    case 'tool_arguments_schema': {
      const calls = of(a.tool);
      if (!calls.length) return { ok: false, message: `${a.tool} was never called` };
      const verdicts = calls.map((c) => validateWith(a.schema as JsonSchema, c.arguments));
      if (verdicts.some((v) => v.ok)) return { ok: true };
      return {
        ok: false,
        message: `no call of ${a.tool} has valid arguments: ${invalidText(verdicts[0])}`,
        step: calls[0],
      };
    }
    case 'answer_schema': {
      if (run.answer === null) return { ok: false, message: 'there is no answer' };
      let value: unknown;
      try {
        value = parseJsonSafe(run.answer);
      } catch {
        return { ok: false, message: `the answer ${quote(run.answer)} is not JSON` };
      }
      const verdict = validateWith(a.schema as JsonSchema, value);
      return verdict.ok ? { ok: true } : { ok: false, message: `the answer is not valid: ${invalidText(verdict)}` };
    }
    case 'tool_result': {
      const calls = a.call ? of(a.tool).slice(a.call - 1, a.call) : of(a.tool);
      if (!calls.length) return { ok: false, message: `${a.tool} has no call${a.call ? ` #${a.call}` : ''}` };
      const bad = calls.find((c) => c.ok !== (a.status === 'ok'));
      if (!bad) return { ok: true };
      return { ok: false, message: bad.ok ? `${a.tool} succeeded` : `${a.tool} failed: ${bad.error}`, step: bad };
    }
    case 'answer_contains':
      return answerNeeded((s) => s.includes(a.value), `does not contain ${JSON.stringify(a.value)}`);
    case 'answer_matches': {
      const re = new RegExp(a.pattern, a.flags);
      return answerNeeded((s) => re.test(s), `does not match /${a.pattern}/${a.flags ?? ''}`);
    }
    case 'answer_equals':
      return answerNeeded((s) => s === a.value, `is not ${JSON.stringify(a.value)}`);
    case 'max_iterations':
      return run.iterations <= a.value
        ? { ok: true }
        : { ok: false, message: `the run took ${run.iterations} iterations (at most ${a.value})` };
    case 'max_duration_ms':
      return run.durationMs <= a.value
        ? { ok: true }
        : { ok: false, message: `the run took ${run.durationMs} ms (at most ${a.value})` };
    case 'no_tool_errors': {
      const bad = run.calls.find((c) => !c.ok);
      return bad ? { ok: false, message: `${bad.name} failed: ${bad.error}`, step: bad } : { ok: true };
    }
  }
}

/** Checks every assertion on a case's run; a run that did not finish fails first, with its reason. */
export function checkAssertions(assertions: SuiteAssertion[], run: CaseRun): AssertionResult[] {
  const results = assertions.map((a) => ({ label: labelOf(a), ...check(a, run) }));
  return run.failure ? [{ ok: false, label: 'run finished', message: run.failure }, ...results] : results;
}
