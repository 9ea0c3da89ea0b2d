import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { CancelledError } from '../../errors';
import { BrainError } from '../brain-error';

/** Ollama's default address: a refused connection there means Ollama is not running. */
const OLLAMA_PORT = ':11434';
/** What a refused connection at Ollama's address adds (a caller that says it another way can take it out). */
export const OLLAMA_START_HINT = ' (is Ollama running? start it with `ollama serve`)';

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The innermost network cause of a fetch failure, in words (refused, DNS, reset...). */
export function describeNetworkCause(error: unknown, url: string): string {
  let current: unknown = error;
  let deepest = '';
  for (let i = 0; i < 8 && current && typeof current === 'object'; i++) {
    const err = current as ErrorLike;
    const code = typeof err.code === 'string' ? err.code : '';
    if (code === 'ECONNREFUSED') {
      return url.includes(OLLAMA_PORT)
        ? `connection refused: no server answers there${OLLAMA_START_HINT}`
        : 'connection refused: no server answers there';
    }
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve (DNS lookup failed)';
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
      return 'the connection was closed by the server before it answered';
    if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'the connection timed out';
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the host is unreachable';
    if (typeof err.message === 'string' && err.message && err.message !== 'fetch failed')
      deepest = code ? `${err.message} (${code})` : err.message;
    current = err.cause;
  }
  return deepest || 'the connection failed';
}

/** The provider's own message from an error body: OpenAI `{error: {message}}`, Ollama `{error: "..."}`, FastAPI `{detail}`. */
export function providerMessageOf(body: string): { message: string; code?: string } {
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const error = json?.error as Record<string, unknown> | string | undefined;
    if (typeof error === 'string') return { message: error };
    if (error && typeof error.message === 'string')
      return { message: error.message, code: typeof error.code === 'string' ? error.code : undefined };
    if (typeof json?.detail === 'string') return { message: json.detail };
    if (typeof json?.message === 'string') return { message: json.message };
  } catch {
    // not JSON: the text itself
  }
  const text = body.trim();
  return { message: text.length > 300 ? `${text.slice(0, 300)}…` : text || '(empty body)' };
}

function withStop(text: string): string {
  return /[.!?)]$/.test(text) ? text : `${text}.`;
}

function hint(status: number, code: string | undefined, message: string): string {
  // Ollama: "registry.ollama.ai/library/gemma:2b does not support tools"; vLLM: '"auto" tool choice requires --enable-auto-tool-choice'.
  if (status === 400 && /does not support tools|tool choice requires|tools? (?:is|are) not supported/i.test(message)) {
    return ' This model or server has no native tool calling: set "supports_tools": false in the brain config to use the ReAct text protocol.';
  }
  if (status === 401 || status === 403) return ' Check the api_key.';
  if (status === 404 && (code === 'model_not_found' || code === undefined)) return ' Check the model name and api_url.';
  if (status === 429) return ' The provider is rate limiting; try again later.';
  return '';
}

export interface FailureContext {
  url: string;
  timeoutMs: number;
  /** The caller's signal: aborted -> CancelledError. */
  signal?: AbortSignal;
  /** True when our own timer aborted the call. */
  timedOut: boolean;
  /** The body of the failed HTTP response, when the transport kept it. */
  errorBody?: string;
}

/**
 * Any failure of an OpenAI call -> CancelledError (caller aborted), `brain_unreachable` (no answer: refused, DNS,
 * timeout) or `brain_bad_response` (an answer we cannot use: every HTTP error status including 429 and 5xx, a body
 * that is not JSON, a reply without choices). Messages name the URL and carry the provider's own words.
 */
export function toBrainError(error: unknown, ctx: FailureContext): Error {
  if (error instanceof CancelledError || error instanceof BrainError) return error;
  if (ctx.signal?.aborted) return new CancelledError();
  const seconds = Math.round(ctx.timeoutMs / 100) / 10;
  if (ctx.timedOut || error instanceof APIConnectionTimeoutError) {
    return new BrainError(
      'brain_unreachable',
      `No answer from ${ctx.url} within ${seconds} s (timeout).`,
      { url: ctx.url },
      { cause: error },
    );
  }
  if (error instanceof APIUserAbortError) return new CancelledError();
  if (error instanceof APIConnectionError) {
    return new BrainError(
      'brain_unreachable',
      `Cannot reach the brain at ${ctx.url}: ${describeNetworkCause(error.cause ?? error, ctx.url)}.`,
      { url: ctx.url },
      { cause: error },
    );
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const body = ctx.errorBody;
    const { message, code } =
      body !== undefined
        ? providerMessageOf(body)
        : { message: error.message.replace(/^\d{3}\s+/, ''), code: error.code ?? undefined };
    return new BrainError(
      'brain_bad_response',
      `The brain at ${ctx.url} answered HTTP ${error.status}: ${withStop(message)}${hint(error.status, code, message)}`,
      {
        status: error.status,
        providerMessage: message,
        url: ctx.url,
        ...(code ? { providerCode: code } : {}),
        ...(body !== undefined ? { body: body.slice(0, 2000) } : {}),
      },
      { cause: error },
    );
  }
  if (error instanceof APIError) {
    return new BrainError(
      'brain_bad_response',
      `The brain at ${ctx.url} sent an error in its stream: ${error.message}`,
      { url: ctx.url, providerMessage: error.message },
      { cause: error },
    );
  }
  if (error instanceof SyntaxError) {
    return new BrainError(
      'brain_bad_response',
      `The brain at ${ctx.url} sent a body that is not valid JSON: ${error.message}`,
      { url: ctx.url },
      { cause: error },
    );
  }
  const text = error instanceof Error ? error.message : String(error);
  return new BrainError(
    'brain_bad_response',
    `The brain call to ${ctx.url} failed: ${text}`,
    { url: ctx.url },
    { cause: error },
  );
}

/** A stream that broke after it started: undici's `terminated`, a reset socket, a premature close. */
export function isCutStream(error: unknown): boolean {
  if (
    error instanceof APIError ||
    error instanceof CancelledError ||
    error instanceof BrainError ||
    error instanceof SyntaxError
  )
    return false;
  const err = error as { message?: unknown; code?: unknown; cause?: { code?: unknown } } | null;
  if (!err || typeof err !== 'object') return false;
  const codes = [err.code, err.cause?.code];
  return (
    err.message === 'terminated' ||
    codes.some((c) => c === 'ECONNRESET' || c === 'UND_ERR_SOCKET' || c === 'ERR_STREAM_PREMATURE_CLOSE')
  );
}
