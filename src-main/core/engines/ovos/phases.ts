import type { AgentMessage } from '../../../../shared/domain/message';
import type { SpanKind } from '../../../../shared/domain/trace';
import { BrainTurn } from '../brain-turn';
import type { LoopContext, LoopResult } from '../loop-context';
import { runToolCall } from '../tool-step';

/** The pieces the multi-phase OVOS loops share: inner brain turns, spans, notices, plain-text tool queries. */

/** One inner brain request (a plan, a verdict, a candidate...): traced as a non-final turn; returns its text. */
export async function ask(ctx: LoopContext, messages: AgentMessage[]): Promise<string> {
  const turn = await BrainTurn.request(ctx, messages, undefined, 'none');
  turn.emitInner();
  return turn.content;
}

/** Runs `body` inside a span of `kind`; the span closes with what `body` returns as its text. */
export async function inSpan<T>(
  ctx: LoopContext,
  kind: SpanKind,
  title: string,
  body: (spanId: string) => Promise<T>,
  close: (value: T) => { text?: string; score?: number; kept?: boolean; satisfactory?: boolean } = (value) =>
    typeof value === 'string' ? { text: value } : {},
): Promise<T> {
  const spanId = ctx.tracer.openSpan(kind, title);
  const value = await body(spanId);
  ctx.tracer.closeSpan(spanId, close(value));
  return value;
}

/**
 * Up to `max` numbered rounds (iterations, episodes, follow-ups...), each inside a span `<label> <round> of <max>`:
 * the first round whose body returns a value (not null) ends them. Null when every round ran without one.
 */
export async function inRounds<T>(
  ctx: LoopContext,
  kind: SpanKind,
  label: string,
  max: number,
  body: (round: number, spanId: string) => Promise<T | null>,
  close?: (value: T | null) => { text?: string; satisfactory?: boolean },
): Promise<{ value: T; round: number } | null> {
  for (let round = 1; round <= max; round++) {
    const value = await inSpan(ctx, kind, `${label} ${round} of ${max}`, (spanId) => body(round, spanId), close);
    if (value !== null) return { value, round };
  }
  return null;
}

/** A span whose whole content is known: opened and closed at once (an intermediate answer, a reflection). */
export function leaf(ctx: LoopContext, kind: SpanKind, title: string, text: string): void {
  ctx.tracer.closeSpan(ctx.tracer.openSpan(kind, title, text), { text });
}

/** Says that a limit (`limit`: its config key) was reached, and what the loop does instead. */
export function limitReached(ctx: LoopContext, limit: string, message: string): void {
  ctx.tracer.emit({ type: 'loop_notice', reason: 'limit_reached', limit, message });
}

/** Says that the model's reply could not be parsed, and what the loop does with it. */
export function unparseable(ctx: LoopContext, message: string): void {
  ctx.tracer.emit({ type: 'loop_notice', reason: 'unparseable', message });
}

/**
 * The result of a loop whose last request was not the answer itself (Reflexion, Self-Ask...): the answer is
 * streamed in one piece, then returned with the iterations it took.
 */
export function answerWith(ctx: LoopContext, answer: string, iterations: number): LoopResult {
  if (answer) ctx.tracer.emit({ type: 'answer_delta', delta: answer });
  return { answer, iterations };
}

/** The latest user message's text (OVOS: the request, problem or question the phases quote). */
export function lastUserText(messages: AgentMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return messages[i].content ?? '';
  return '';
}

/** The persona's tool names, sorted (OVOS lists them so in Self-Ask's and CRITIC's prompts). */
export function toolNames(ctx: LoopContext): string[] {
  return ctx.registry
    .offeredInfos()
    .map((t) => t.modelName)
    .sort();
}

const QUERY_KEYS = ['query', 'q', 'text'];

/**
 * The arguments a plain-text query becomes for a tool (Self-Ask's `Tool Input:`, CRITIC's `TOOL INPUT:`): OVOS
 * tries `query`, `q`, `text`; here the first of those the tool's schema has, else its first required string, else `query`.
 */
export function queryArguments(ctx: LoopContext, name: string, query: string): Record<string, unknown> {
  const info = ctx.registry.toolInfos().find((t) => t.modelName === name || t.name === name);
  const schema = (info?.argument_schema ?? {}) as {
    properties?: Record<string, { type?: unknown }>;
    required?: string[];
  };
  const props = schema.properties ?? {};
  const key =
    QUERY_KEYS.find((k) => k in props) ??
    (schema.required ?? []).find((k) => props[k]?.type === 'string') ??
    Object.keys(props).find((k) => props[k]?.type === 'string') ??
    'query';
  return { [key]: query };
}

/** Runs a tool with a plain-text query through the one tool path (`id`: unique in the run); returns the text fed back. */
export async function queryTool(ctx: LoopContext, id: string, name: string, query: string): Promise<string> {
  return (await runToolCall(ctx, { id, name, arguments: queryArguments(ctx, name, query) })).content;
}
