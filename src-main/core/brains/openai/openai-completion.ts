import { JsonInputError, parseJsonSafe } from '../../../../shared/json/safe-json';
import { BrainError } from '../brain-error';
import type { BrainMessage } from '../chat-engine';
import { providerMessageOf } from './openai-errors';
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

/**
 * A completion body's text -> the checked completion (choices[0].message present), else a BrainError that says
 * what came back: not JSON, JSON past the limits, an error object with HTTP 200 (llama.cpp, vLLM, proxies), no choice.
 */
export function parseCompletion(text: string, status: number, url: string): Json {
  let json: unknown;
  try {
    json = parseJsonSafe(text);
  } catch (error) {
    if (error instanceof JsonInputError && error.problem !== 'syntax')
      throw new BrainError(
        'brain_bad_response',
        `The brain at ${url} answered with JSON that cannot be taken in: ${error.message}`,
        { url: url, status },
      );
    const snippet = text.trim().slice(0, 200);
    throw new BrainError(
      'brain_bad_response',
      `The brain at ${url} answered HTTP ${status} with a body that is not JSON: ${snippet || '(empty body)'}`,
      { url: url, status, body: text.slice(0, 2000) },
    );
  }
  const choices = (json as Json | null)?.choices;
  const error = (json as Json | null)?.error;
  if (error && (!Array.isArray(choices) || choices.length === 0)) {
    // llama.cpp, vLLM and proxies can answer HTTP 200 with only an error object.
    const { message } = providerMessageOf(text);
    throw new BrainError(
      'brain_bad_response',
      `The brain at ${url} answered HTTP ${status} with an error: ${message}`,
      { url: url, status, providerMessage: message, body: text.slice(0, 2000) },
    );
  }
  if (!Array.isArray(choices) || choices.length === 0 || typeof (choices[0] as Json)?.message !== 'object') {
    throw new BrainError(
      'brain_bad_response',
      `The brain at ${url} answered without a chat completion (no choices[0].message): ${text.slice(0, 200)}`,
      { url: url, status, body: text.slice(0, 2000) },
    );
  }
  return json as Json;
}
