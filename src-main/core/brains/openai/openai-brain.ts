import OpenAI, { APIError } from 'openai';
import type { z } from 'zod';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { Stream } from 'openai/streaming';
import type { AgentMessage } from '../../../../shared/domain/message';
import type { OpenAITool } from '../../../../shared/domain/tool';
import {
  apiBaseOf,
  DEFAULT_API_URL,
  OpenAIBrainConfig,
  OPENAI_BRAIN_ID,
} from '../../../../shared/plugins/brains/openai';
import { configIssues } from '../../../../shared/plugins/config-schema';
import { CancelledError, StudioError } from '../../errors';
import { BrainError } from '../brain-error';
import { CallGuard } from './call-guard';
import type { BrainMessage, ChatEngine, ChatOptions } from '../chat-engine';
import { isCutStream, toBrainError } from './openai-errors';
import { ThinkFilter } from './openai-reasoning';
import { completionToMessage, parseCompletion } from './openai-completion';
import { StreamAssembler } from './openai-stream';
import { WireMessages } from './wire-messages';
import { postJson, statusErrorOf } from './json-post';
import { RequestSerializer } from './request-body';
import { issuesText } from '../../../../shared/domain/issues';

export { OPENAI_BRAIN_ID };
/** The defaults of `total_timeout` (10 min) and `max_reply_chars` (8 M characters), as the config schema says. */
const DEFAULTS = OpenAIBrainConfig.parse({ model: 'x' });
export const DEFAULT_TOTAL_TIMEOUT_S = DEFAULTS.total_timeout;
export const DEFAULT_MAX_REPLY_CHARS = DEFAULTS.max_reply_chars;

/** Accepts the full `.../v1/chat/completions` URL or the `/v1` base; returns the base (what the client wants). */
export const normalizeApiUrl = apiBaseOf;

/** Config keys copied into the request body as they are, when set. */
const SAMPLING_KEYS = ['temperature', 'top_p', 'frequency_penalty', 'presence_penalty'] as const;

type Json = Record<string, unknown>;

/** What the one-shot path says it is (the streamed path sends the `openai` client's own). */
const USER_AGENT = 'PersonaStudio (OpenAI-compatible brain)';

/**
 * `ovos-chat-openai-plugin`: any OpenAI-compatible server (OpenAI, Ollama /v1, llama.cpp, vLLM, LM Studio), without
 * silent retries: streamed replies through the official `openai` client (its SSE parsing), one-shot replies through a
 * lean JSON POST (postJson: the loop's most frequent request, without the client's per-request machinery). Every failure ends as CancelledError or a BrainError
 * within `timeout` seconds (for streams: seconds without a chunk).
 */
export class OpenAIBrain implements ChatEngine {
  readonly id = OPENAI_BRAIN_ID;
  readonly supportsTools: boolean;
  readonly vision: boolean;
  readonly model: string;
  /** The `/v1` base URL. */
  readonly baseURL: string;
  /** The chat-completions URL, as error messages name it. */
  readonly url: string;
  readonly timeoutMs: number;
  readonly totalTimeoutMs: number;
  readonly maxReplyChars: number;
  /** Request fields from the config block (sampling, max_tokens, stop, extra_params), in every request. */
  private readonly bodyFields: Json;
  private readonly systemPrompt: string | null;
  /** The streamed path: the `openai` client (its SSE parsing). */
  private readonly client: OpenAI;
  /** Request bodies, each message's JSON kept from one request of a conversation to the next. */
  private readonly serializer = new RequestSerializer();
  /** Each message's wire form, the same object from one request of a conversation to the next. */
  private readonly wire = new WireMessages();
  private system: AgentMessage | null = null;
  /** The one-shot path's headers (the key as a Bearer token, as the client sends it). */
  private readonly headers: Record<string, string>;
  /** Bodies of failed HTTP responses, keyed by their Headers (the object APIError keeps). */
  private readonly errorBodies = new WeakMap<Headers, Promise<string>>();

  /** Takes a config block as persona files hold it; a bad one is persona_invalid naming its fields. */
  constructor(block: z.input<typeof OpenAIBrainConfig> | Record<string, unknown> = {}) {
    const parsed = OpenAIBrainConfig.safeParse(block);
    if (!parsed.success) {
      const issues = configIssues(OpenAIBrainConfig, block);
      const text = issuesText(issues, '(block)');
      const noModel = issues.some((i) => i.path[0] === 'model');
      throw new StudioError(
        'persona_invalid',
        noModel
          ? `The ${OPENAI_BRAIN_ID} brain needs a "model" (for example "qwen2.5" on Ollama, "gpt-4o-mini" on OpenAI).`
          : `The ${OPENAI_BRAIN_ID} config block is invalid: ${text}`,
        { issues },
      );
    }
    const config = parsed.data;
    this.model = config.model;
    this.baseURL = normalizeApiUrl(config.api_url || DEFAULT_API_URL);
    this.url = `${this.baseURL}/chat/completions`;
    this.supportsTools = config.supports_tools;
    this.vision = config.vision;
    this.bodyFields = bodyFieldsOf(config);
    this.systemPrompt = config.system_prompt?.trim() ? config.system_prompt : null;
    this.timeoutMs = Math.max(1, Math.round(config.timeout * 1000));
    this.totalTimeoutMs = Math.max(1, Math.round(config.total_timeout * 1000));
    this.maxReplyChars = config.max_reply_chars;
    const errorBodies = this.errorBodies;
    this.headers = {
      accept: 'application/json',
      authorization: `Bearer ${config.api_key || 'not-needed'}`,
      'user-agent': USER_AGENT,
    };
    this.client = new OpenAI({
      baseURL: this.baseURL,
      apiKey: config.api_key || 'not-needed',
      organization: null,
      project: null,
      timeout: this.timeoutMs,
      maxRetries: 0,
      logLevel: 'off',
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (!response.ok)
          errorBodies.set(
            response.headers,
            response
              .clone()
              .text()
              .catch(() => ''),
          );
        return response;
      },
    });
  }

  /** What the request carries beside messages and tools: `model` and the config's request fields (null ones left out). */
  requestParameters(): Json {
    const params: Json = { model: this.model, ...this.bodyFields };
    for (const [key, value] of Object.entries(params)) if (value === null) delete params[key];
    return params;
  }

  /**
   * The exact JSON body of a request: `tools` only when the list is non-empty; requestParameters(), or an edited
   * request's `parameters` instead; the brain's own system_prompt first when the conversation has no system message.
   */
  buildRequest(messages: AgentMessage[], tools: OpenAITool[] | undefined, stream: boolean, parameters?: Json): Json {
    return this.prepare(messages, tools, stream, parameters).request;
  }

  /** The brain's system prompt as a message: one object, so that its wire form is kept too. */
  private systemMessage(content: string): AgentMessage {
    if (this.system?.content !== content) this.system = { role: 'system', content };
    return this.system;
  }

  /** The request and the messages it sends (the conversation, maybe after the brain's system prompt). */
  private prepare(
    messages: AgentMessage[],
    tools: OpenAITool[] | undefined,
    stream: boolean,
    parameters?: Json,
  ): { request: Json; sent: AgentMessage[] } {
    const sent =
      this.systemPrompt && messages[0]?.role !== 'system'
        ? [this.systemMessage(this.systemPrompt), ...messages]
        : messages;
    const { messages: _m, tools: _t, stream: _s, ...params } = parameters ?? this.requestParameters();
    const request: Json = { ...params, messages: this.wire.map(sent) };
    if (tools?.length) request.tools = tools;
    if (stream) {
      request.stream = true;
      // The final chunk then carries `usage`: the trace shows each streamed turn's token counts.
      request.stream_options = { include_usage: true };
    }
    return { request, sent };
  }

  async continueChat(messages: AgentMessage[], options: ChatOptions = {}): Promise<BrainMessage> {
    const { request, sent } = this.prepare(messages, options.tools, false, options.parameters);
    const guard = new CallGuard(this.timeoutMs, options.signal, this.totalTimeoutMs);
    try {
      const answer = await postJson(this.url, this.serializer.body(request, sent), {
        headers: this.headers,
        signal: guard.signal,
        maxChars: this.maxReplyChars,
        tooLarge: (chars) => this.tooLarge(chars),
      });
      if (answer.status < 200 || answer.status > 299) {
        const error = statusErrorOf(answer);
        this.errorBodies.set(error.headers, Promise.resolve(answer.text));
        throw error;
      }
      return this.toMessage(parseCompletion(answer.text, answer.status, this.url), request);
    } catch (error) {
      throw await this.failure(error, guard, options.signal);
    } finally {
      guard.dispose();
    }
  }

  async *streamChat(messages: AgentMessage[], options: ChatOptions = {}): AsyncGenerator<string, BrainMessage, void> {
    const { request, sent } = this.prepare(messages, options.tools, true, options.parameters);
    const guard = new CallGuard(this.timeoutMs, options.signal, this.totalTimeoutMs);
    let finished = false;
    let assembler: StreamAssembler | undefined;
    try {
      // What chat.completions.create does, with the body already serialized (the client sends bytes as they are).
      const { data: stream, response } = await this.client
        .post<Stream<ChatCompletionChunk>>('/chat/completions', {
          body: this.serializer.body(request, sent),
          headers: { 'content-type': 'application/json' },
          stream: true,
          signal: guard.signal,
        })
        .withResponse();
      if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
        // A server that ignores `stream: true` and answers with one JSON completion (or garbage).
        const message = this.toMessage(parseCompletion(await response.text(), response.status, this.url), request);
        finished = true;
        if (message.content) {
          guard.pause();
          yield message.content;
        }
        return message;
      }
      assembler = new StreamAssembler();
      const think = new ThinkFilter();
      for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) {
        const data = assembler.dataChunks;
        const delta = think.push(assembler.add(chunk));
        // Chunks without data (keep-alives, empty deltas) do not count as the server answering.
        if (assembler.dataChunks > data) guard.touch();
        if (assembler.size > this.maxReplyChars) {
          guard.abort();
          throw this.tooLarge(assembler.size);
        }
        if (delta) {
          guard.pause();
          yield delta;
          guard.touch();
        }
      }
      if (guard.signal.aborted) throw guard.timedOut ? new Error('timeout') : new CancelledError();
      if (assembler.chunks === 0) {
        throw new BrainError(
          'brain_bad_response',
          `The brain at ${this.url} ended its stream without any data chunk (is it an OpenAI-compatible server?).`,
          { url: this.url },
        );
      }
      if (assembler.choiceChunks === 0) {
        throw new BrainError(
          'brain_bad_response',
          `The brain at ${this.url} streamed ${assembler.chunks} chunk(s) without any choice: no answer in them.`,
          { url: this.url },
        );
      }
      const rest = think.end();
      if (rest) {
        guard.pause();
        yield rest;
      }
      finished = true;
      const message = this.toMessage(assembler.completion(), request);
      if (assembler.finishReason === null)
        message.warnings?.push('The stream ended without a finish_reason: the answer may be cut short.');
      return message;
    } catch (error) {
      finished = true;
      if (assembler && assembler.chunks > 0 && isCutStream(error)) {
        const text = error instanceof Error ? error.message : String(error);
        throw new BrainError(
          'brain_bad_response',
          `The brain at ${this.url} dropped the connection in the middle of its streamed answer (after ${assembler.chunks} chunk(s)): ${text}.`,
          { url: this.url },
          { cause: error },
        );
      }
      throw await this.failure(error, guard, options.signal);
    } finally {
      if (!finished) guard.abort();
      guard.dispose();
    }
  }

  /** A reply past max_reply_chars: the run ends with this error rather than holding the rest in memory. */
  private tooLarge(size: number): BrainError {
    return new BrainError(
      'brain_bad_response',
      `The reply from ${this.url} passed ${this.maxReplyChars.toLocaleString('en')} characters (${size.toLocaleString('en')} so far) and was cut there; the brain's max_reply_chars setting changes the limit.`,
      { url: this.url },
    );
  }

  private async failure(error: unknown, guard: CallGuard, signal?: AbortSignal): Promise<Error> {
    if (guard.timedOut === 'total' && !signal?.aborted)
      return new BrainError(
        'brain_unreachable',
        `The reply from ${this.url} did not end within ${this.totalTimeoutMs / 1000} s (the brain's total_timeout); it was stopped there.`,
        { url: this.url },
        { cause: error },
      );
    const errorBody =
      error instanceof APIError && error.headers ? await this.errorBodies.get(error.headers) : undefined;
    return toBrainError(error, {
      url: this.url,
      timeoutMs: this.timeoutMs,
      signal,
      timedOut: guard.timedOut !== null,
      errorBody,
    });
  }

  private toMessage(completion: Json, request: Json): BrainMessage {
    return completionToMessage(completion, request);
  }
}

/** The body fields a config block sets: sampling keys, `max_tokens` (-1: none), `stop_token` as `stop`, `extra_params` last. */
function bodyFieldsOf(config: OpenAIBrainConfig): Json {
  const fields: Json = {};
  for (const key of SAMPLING_KEYS) if (config[key] !== undefined) fields[key] = config[key];
  if (config.max_tokens !== undefined && config.max_tokens > 0) fields.max_tokens = config.max_tokens;
  if (config.stop_token !== undefined) fields.stop = config.stop_token;
  return { ...fields, ...(config.extra_params ?? {}) };
}
