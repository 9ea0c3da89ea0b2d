import type { ScriptedAnswer } from './scripted-reply';

/** A tool call as it goes on the wire, ids already assigned. */
export interface WireToolCall {
  id: string | null;
  name: string;
  arguments: string;
}

/** Assigns ids (`call_<n>` from the server's counter unless scripted) and JSON-encodes object arguments. */
export function wireToolCalls(answer: ScriptedAnswer, nextId: () => string): WireToolCall[] {
  return (answer.toolCalls ?? []).map((call) => ({
    id: call.id === undefined ? nextId() : call.id,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }));
}

function wireCall(call: WireToolCall, index?: number) {
  return {
    ...(index === undefined ? {} : { index }),
    ...(call.id === null ? {} : { id: call.id }),
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  };
}

function finishReason(answer: ScriptedAnswer, calls: WireToolCall[]): string {
  return answer.finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop');
}

function usage(content: string, calls: WireToolCall[]) {
  const completion = Math.max(
    1,
    Math.ceil((content.length + calls.reduce((n, c) => n + c.arguments.length + c.name.length, 0)) / 4),
  );
  return { prompt_tokens: 10, completion_tokens: completion, total_tokens: 10 + completion };
}

/** A whole `chat.completion` object. Content is null for a tool-call turn without text, as OpenAI sends it. */
export function completionBody(id: string, model: string, answer: ScriptedAnswer, calls: WireToolCall[]) {
  const content = answer.content ?? (calls.length > 0 ? null : '');
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content,
          ...(calls.length > 0 ? { tool_calls: calls.map((c) => wireCall(c)) } : {}),
        },
        finish_reason: finishReason(answer, calls),
        logprobs: null,
      },
    ],
    usage: usage(content ?? '', calls),
  };
}

/** Splits text into word-sized pieces (spaces kept), so a stream carries several deltas. */
export function splitDeltas(text: string): string[] {
  const pieces = text.match(/\s*\S+\s*/g) ?? [];
  return pieces.length > 0 ? pieces : text ? [text] : [];
}

function splitArguments(text: string): string[] {
  if (text.length < 2) return [text];
  const third = Math.ceil(text.length / 3);
  return [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)].filter((p) => p.length > 0);
}

/** The `chat.completion.chunk` objects of a streamed answer, in order (without the final `[DONE]`). */
export function completionChunks(
  id: string,
  model: string,
  answer: ScriptedAnswer,
  calls: WireToolCall[],
  includeUsage: boolean,
) {
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  const chunks: unknown[] = [chunk({ role: 'assistant', content: '' })];
  for (const piece of splitDeltas(answer.content ?? '')) chunks.push(chunk({ content: piece }));
  calls.forEach((call, index) => {
    chunks.push(chunk({ tool_calls: [{ ...wireCall({ ...call, arguments: '' }, index) }] }));
    for (const piece of splitArguments(call.arguments))
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  chunks.push(chunk({}, finishReason(answer, calls)));
  if (includeUsage)
    chunks.push({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [],
      usage: usage(answer.content ?? '', calls),
    });
  return chunks;
}
