import type { BrainMessage } from '../chat-engine';
import { ThinkFilter } from './openai-reasoning';
import { contentText, fromWireToolCalls, reasoningText, type WireToolCallIn } from './openai-wire';

type Json = Record<string, unknown>;

/**
 * A checked chat completion (choices[0].message present) -> the assistant message the loop sees: tool calls parsed,
 * `<think>` text split off, warnings for cut replies, empty tool-call turns and reasoning-only answers; `raw` keeps
 * the request and the response. Pure, so every path that holds a completion object maps it the same way.
 */
export function completionToMessage(completion: Json, request: Json): BrainMessage {
  const choice = (completion.choices as Json[])[0];
  const message = (choice.message ?? {}) as Json;
  const warnings: string[] = [];
  const toolCalls = fromWireToolCalls(message.tool_calls as WireToolCallIn[] | undefined, warnings);
  if (choice.finish_reason === 'length')
    warnings.push('The reply hit the token limit (finish_reason "length"): it may be cut short.');
  if (choice.finish_reason === 'tool_calls' && toolCalls.length === 0)
    warnings.push(
      'The reply says finish_reason "tool_calls" but carries no tool calls (the server could not parse the model\'s call?).',
    );
  const { answer: content, filter } = ThinkFilter.split(contentText(message.content));
  warnings.push(...filter.warnings());
  const reasoning = reasoningText(message);
  if (!content && toolCalls.length === 0 && reasoning.trim()) {
    warnings.push(
      `The model answered with reasoning only (${reasoning.length} characters) and no answer text; the raw response has the reasoning.`,
    );
  }
  return {
    role: 'assistant',
    content,
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    raw: { request, response: completion },
    warnings,
  };
}
