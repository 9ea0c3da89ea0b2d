/** A scripted tool call. `id` omitted -> the server numbers it (`call_1`, `call_2`, ...); `id: null` -> sent without an id. */
export interface ScriptedToolCall {
  id?: string | null;
  name: string;
  /** An object is sent as its JSON string; a string is sent as it is (to script arguments that are not JSON). */
  arguments: string | object;
}

/** Common knobs: wait before answering; for streams, wait between chunks too. */
export interface ScriptedTiming {
  delayMs?: number;
  chunkDelayMs?: number;
}

/** A normal answer: text, tool calls, or both. Streamed as SSE when the request says `stream: true`. */
export interface ScriptedAnswer extends ScriptedTiming {
  content?: string;
  toolCalls?: ScriptedToolCall[];
  finishReason?: string;
}

/** An HTTP error: `body` is sent as JSON (an OpenAI error object by default), `rawBody` as it is. */
export interface ScriptedError extends ScriptedTiming {
  status: number;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** A 200 whose body is not JSON (`contentType` defaults to application/json: a body that lies). */
export interface ScriptedGarbage extends ScriptedTiming {
  garbage: string;
  contentType?: string;
}

/** Never answers, until the client goes away or the server closes. */
export interface ScriptedHang {
  hang: true;
}

/**
 * A 200 `text/event-stream` of exactly these events, for what real servers send that a ScriptedAnswer cannot
 * express: an object is sent as `data: <its JSON>`, a string as `data: <the string>`. Then `data: [DONE]` unless
 * `done` is false; `cut` drops the connection after the events instead of ending the response.
 */
export interface ScriptedStream extends ScriptedTiming {
  sse: unknown[];
  /** Send the events this many times over (`Infinity`, or -1 in JSON: until the client goes away). */
  repeat?: number;
  done?: boolean;
  cut?: boolean;
}

export type ScriptedReply = ScriptedAnswer | ScriptedError | ScriptedGarbage | ScriptedHang | ScriptedStream;

/** One request the server received, in arrival order. */
export interface ReceivedRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined when there is none or it does not parse). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  rawBody: string;
  at: number;
}

export function isHang(reply: ScriptedReply): reply is ScriptedHang {
  return 'hang' in reply && reply.hang === true;
}
export function isStream(reply: ScriptedReply): reply is ScriptedStream {
  return 'sse' in reply && Array.isArray(reply.sse);
}
export function isError(reply: ScriptedReply): reply is ScriptedError {
  return 'status' in reply && typeof reply.status === 'number';
}
export function isGarbage(reply: ScriptedReply): reply is ScriptedGarbage {
  return 'garbage' in reply && typeof reply.garbage === 'string';
}

/** OpenAI's error body shape. */
export function openAIErrorBody(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}

/** The default body of a scripted HTTP error, shaped as OpenAI sends it. */
export function defaultErrorBody(status: number) {
  if (status === 401)
    return openAIErrorBody(
      'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
      'invalid_request_error',
      'invalid_api_key',
    );
  if (status === 429)
    return openAIErrorBody(
      'Rate limit reached for requests. Please try again in 20s.',
      'requests',
      'rate_limit_exceeded',
    );
  if (status === 404) return openAIErrorBody('Not found.', 'invalid_request_error', 'not_found');
  if (status >= 500)
    return openAIErrorBody(
      'The server had an error while processing your request. Sorry about that!',
      'server_error',
      null,
    );
  return openAIErrorBody(`Scripted error ${status}.`, 'invalid_request_error', null);
}
