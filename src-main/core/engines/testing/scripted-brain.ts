import type { AgentMessage, ToolCall } from '../../../../shared/domain/message';
import type { OpenAITool } from '../../../../shared/domain/tool';
import type { BrainMessage, ChatEngine, ChatOptions } from '../../brains/chat-engine';
import { CancelledError } from '../../errors';

/** One scripted reply: text (optionally in given deltas), tool calls, warnings; or an error; or a hang. */
export interface ScriptedBrainReply {
  content?: string;
  /** How the content streams; defaults to one delta per word. */
  deltas?: string[];
  toolCalls?: ToolCall[];
  warnings?: string[];
  /** Thrown instead of replying. */
  error?: Error;
  /** Wait before replying (honours the signal). */
  delayMs?: number;
  /** Never reply; only the signal ends the call. */
  hang?: boolean;
}

/** What the brain was called with, as it was at call time. */
export interface ScriptedBrainCall {
  messages: AgentMessage[];
  /** The normalized OpenAI tool list, or undefined when no tools were passed. */
  tools: OpenAITool[] | undefined;
  streamed: boolean;
}

/**
 * An in-memory ChatEngine for engine tests: plays scripted replies in order and records every call.
 * Running out of replies is an error, so a test notices an unexpected extra request.
 */
export class ScriptedBrain implements ChatEngine {
  readonly id = 'scripted';
  readonly model = 'scripted-model';
  readonly supportsTools: boolean;
  readonly vision: boolean;
  readonly calls: ScriptedBrainCall[] = [];
  private readonly replies: ScriptedBrainReply[];

  constructor(replies: ScriptedBrainReply[], options: { supportsTools?: boolean; vision?: boolean } = {}) {
    this.replies = [...replies];
    this.supportsTools = options.supportsTools ?? true;
    this.vision = options.vision ?? false;
  }

  async continueChat(messages: AgentMessage[], options: ChatOptions = {}): Promise<BrainMessage> {
    const reply = await this.next(messages, options, false);
    return this.message(reply);
  }

  async *streamChat(messages: AgentMessage[], options: ChatOptions = {}): AsyncGenerator<string, BrainMessage, void> {
    const reply = await this.next(messages, options, true);
    const content = reply.content ?? '';
    for (const delta of reply.deltas ?? content.split(/(?<= )/)) {
      if (options.signal?.aborted) throw new CancelledError();
      if (delta) yield delta;
    }
    return this.message(reply);
  }

  private async next(messages: AgentMessage[], options: ChatOptions, streamed: boolean): Promise<ScriptedBrainReply> {
    this.calls.push({
      messages: messages.map((m) => ({ ...m })),
      tools: options.tools,
      streamed,
    });
    const reply = this.replies.shift();
    if (!reply) throw new Error(`ScriptedBrain: no reply scripted for call ${this.calls.length}.`);
    if (reply.hang || reply.delayMs) await wait(reply.hang ? Infinity : reply.delayMs!, options.signal);
    if (reply.error) throw reply.error;
    return reply;
  }

  private message(reply: ScriptedBrainReply): BrainMessage {
    const message: BrainMessage = { role: 'assistant', content: reply.content ?? '' };
    if (reply.toolCalls?.length) message.toolCalls = reply.toolCalls;
    if (reply.warnings) message.warnings = reply.warnings;
    message.raw = {
      request: { scripted: true },
      response: { content: reply.content ?? '', toolCalls: reply.toolCalls ?? [] },
    };
    return message;
  }
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError());
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : null;
    const onAbort = () => {
      if (timer) clearTimeout(timer);
      reject(new CancelledError());
    };
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
