import { randomBytes } from 'node:crypto';
import type { AgentMessage, ToolCall } from '../../../../shared/domain/message';
import { JsonInputError, parseJsonSafe } from '../../../../shared/json/safe-json';

/** One chat-completions message as sent (OVOS ovos-openai-plugin mapping). */
export type WireMessage = Record<string, unknown>;

/** A tool call as found in a reply, before it is checked. */
export interface WireToolCallIn {
  id?: unknown;
  type?: unknown;
  function?: { name?: unknown; arguments?: unknown };
}

/**
 * AgentMessage -> wire: `{role, content: content or ""}` (with images: content parts, text then `image_url`s); a tool message adds `tool_call_id` and `name`;
 * an assistant turn with tool calls adds `tool_calls` (JSON-string arguments) and has `content: null` when empty.
 */
export function toWireMessage(message: AgentMessage): WireMessage {
  const wire: WireMessage = { role: message.role, content: message.content || '' };
  if (message.images?.length) wire.content = contentParts(message);
  if (message.role === 'tool') {
    if (message.toolCallId !== undefined) wire.tool_call_id = message.toolCallId;
    if (message.name !== undefined) wire.name = message.name;
  }
  if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
    wire.content = message.content ? message.content : null;
    wire.tool_calls = message.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) },
    }));
  }
  return wire;
}

/**
 * A message with images as OpenAI content parts: its text, then per image its label (a text part) and an
 * `image_url` part holding a `data:` URL.
 */
function contentParts(message: AgentMessage): Record<string, unknown>[] {
  const parts: Record<string, unknown>[] = message.content ? [{ type: 'text', text: message.content }] : [];
  for (const image of message.images ?? []) {
    if (image.label) parts.push({ type: 'text', text: image.label });
    parts.push({ type: 'image_url', image_url: { url: `data:${image.mimeType};base64,${image.data}` } });
  }
  return parts;
}

/**
 * The text of a reply's `content`: a string as it is; an array of content parts (Mistral, some proxies) as its
 * `text` parts joined, other parts (`thinking`, images) left out; anything else ''.
 */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => {
      if (typeof part === 'string') return part;
      const p = part as { type?: unknown; text?: unknown } | null;
      return p && (p.type === 'text' || p.type === undefined) && typeof p.text === 'string' ? p.text : '';
    })
    .join('');
}

/**
 * The reasoning text of a reply's message or stream delta: `reasoning_content` (llama.cpp, vLLM, LM Studio) or
 * `reasoning` (Ollama, OpenRouter), whichever is a string; else ''.
 */
export function reasoningText(part: { reasoning_content?: unknown; reasoning?: unknown }): string {
  if (typeof part.reasoning_content === 'string') return part.reasoning_content;
  return typeof part.reasoning === 'string' ? part.reasoning : '';
}

/** A fresh call id in OpenAI's style, for replies that came without one. */
export function generateCallId(): string {
  return `call_${randomBytes(12).toString('base64url')}`;
}

function snippet(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The call's arguments, and its raw text when that is not a JSON object (the call is then not run). */
function parseArguments(
  name: string,
  raw: unknown,
  warnings: string[],
): { args: Record<string, unknown>; rawArguments?: string } {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) return { args: raw as Record<string, unknown> };
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    warnings.push(`The model called '${name}' with empty arguments; using {}.`);
    return { args: {} };
  }
  if (typeof raw === 'string') {
    try {
      let parsed: unknown = parseJsonSafe(raw);
      // Some tool-call parsers encode the arguments twice: a JSON string holding the JSON object.
      if (typeof parsed === 'string' && parsed.trim().startsWith('{')) parsed = parseJsonSafe(parsed);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
        return { args: parsed as Record<string, unknown> };
      if (parsed === null) {
        warnings.push(`The model called '${name}' with null arguments; using {}.`);
        return { args: {} };
      }
    } catch (error) {
      if (error instanceof JsonInputError && error.problem !== 'syntax') {
        warnings.push(
          `The model called '${name}' with arguments that cannot be taken in (${error.message}); the call is not run.`,
        );
        return { args: {}, rawArguments: raw };
      }
    }
    warnings.push(
      `The model called '${name}' with arguments that are not a JSON object; the call is not run. Raw arguments: ${snippet(raw)}`,
    );
    return { args: {}, rawArguments: raw };
  }
  const text = JSON.stringify(raw);
  warnings.push(
    `The model called '${name}' with arguments of type ${typeof raw}; the call is not run. Raw arguments: ${snippet(text)}`,
  );
  return { args: {}, rawArguments: text };
}

/**
 * Reply tool_calls -> ToolCalls: arguments parsed (unparsable/empty -> {} + warning), missing ids generated and an id
 * already used by an earlier call of the reply replaced (+ warning), so each TOOL message answers one call.
 */
export function fromWireToolCalls(calls: WireToolCallIn[] | null | undefined, warnings: string[]): ToolCall[] {
  if (!Array.isArray(calls)) return [];
  const seen = new Set<string>();
  return calls.map((call) => {
    const name = typeof call?.function?.name === 'string' ? call.function.name : '';
    if (!name) warnings.push(`The model sent a tool call without a function name: ${snippet(JSON.stringify(call))}`);
    const { args, rawArguments } = parseArguments(name, call?.function?.arguments, warnings);
    let id = typeof call?.id === 'string' ? call.id : '';
    if (!id) {
      id = generateCallId();
      warnings.push(`The model's call to '${name}' had no id; generated '${id}'.`);
    } else if (seen.has(id)) {
      const duplicate = id;
      id = generateCallId();
      warnings.push(
        `The model's call to '${name}' reused the id '${duplicate}' of an earlier call in the same reply; generated '${id}'.`,
      );
    }
    seen.add(id);
    return rawArguments === undefined ? { id, name, arguments: args } : { id, name, arguments: args, rawArguments };
  });
}
