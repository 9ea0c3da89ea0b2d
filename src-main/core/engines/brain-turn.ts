import type { ModelRequest } from '../../../shared/domain/debug';
import type { AgentMessage, ToolCall } from '../../../shared/domain/message';
import type { TokenUsage } from '../../../shared/domain/trace';
import type { OpenAITool } from '../../../shared/domain/tool';
import type { BrainMessage } from '../brains/chat-engine';
import { CancelledError } from '../errors';
import { abortable } from './abortable';
import type { LoopContext } from './loop-context';
import { FinalAnswerStreamer } from './react-parse';

/**
 * How a reply's text becomes answer_delta events:
 * - `live`: deltas go out as they arrive. When the reply then turns out to ask for tools, its non-final
 *   assistant_message retracts the iteration's deltas (see AnswerDelta in shared/domain/trace.ts), so a
 *   local model's answer shows token by token instead of all at once;
 * - `react`: a ReAct reply, whose text after `FINAL_ANSWER:` goes out as it arrives;
 * - `none`: an inner turn of a multi-phase loop (a plan, a verdict, a candidate thought): no answer deltas.
 */
export type AnswerStreaming = 'live' | 'react' | 'none';

/** The provider's token counts from the raw response's `usage` (OpenAI's prompt_tokens / completion_tokens). */
export function usageOf(raw: BrainMessage['raw']): TokenUsage | undefined {
  const usage = (raw?.response as { usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } } | undefined)
    ?.usage;
  const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : null);
  const prompt = count(usage?.prompt_tokens);
  const completion = count(usage?.completion_tokens);
  return prompt === null && completion === null
    ? undefined
    : { promptTokens: prompt ?? 0, completionTokens: completion ?? 0 };
}

/** The request as the debugger shows it: the conversation, the tools offered, the brain's parameters. */
function requestOf(ctx: LoopContext, messages: AgentMessage[], tools: OpenAITool[] | undefined): ModelRequest {
  return {
    messages: [...messages],
    tools: tools ?? [],
    parameters: ctx.brain.requestParameters?.() ?? (ctx.brain.model ? { model: ctx.brain.model } : {}),
  };
}

/** One brain request and its reply, turned into trace events by the loop once it knows what the reply is. */
export class BrainTurn {
  private liveText = '';
  private readonly streamer = new FinalAnswerStreamer();

  private constructor(
    private readonly ctx: LoopContext,
    private readonly streaming: AnswerStreaming,
  ) {}

  reply!: BrainMessage;
  durationMs = 0;
  /** Streamed: ms from the request to the first text delta. */
  ttftMs: number | undefined;
  /** Whole ms paused before the request (debugger), not part of durationMs. */
  pausedMs = 0;
  /** The request as the loop made it and as the user edited it, when they did. */
  requestEdit: { original: ModelRequest; sent: ModelRequest } | undefined;

  /**
   * Sends `messages` (and `tools`, when given) to the brain; cancellation rejects with CancelledError at once.
   * With a debugger, its `beforeModel` sees the request first and may edit it: the edited messages replace
   * `messages` in place (they are the conversation from then on), its tools and parameters go to this request.
   */
  static async request(
    ctx: LoopContext,
    messages: AgentMessage[],
    tools: OpenAITool[] | undefined,
    streaming: AnswerStreaming,
  ): Promise<BrainTurn> {
    const turn = new BrainTurn(ctx, streaming);
    let parameters: Record<string, unknown> | undefined;
    if (ctx.debug?.beforeModel && !ctx.debug.passesModel?.()) {
      let original: ModelRequest | undefined;
      // An inline builder (no named closure on the hot path): the debugger calls it only when it pauses.
      let edited = ctx.debug.beforeModel(() => (original ??= requestOf(ctx, messages, tools)), ctx.signal);
      if (edited instanceof Promise) {
        const paused = performance.now();
        edited = await edited;
        turn.pausedMs = Math.round(performance.now() - paused);
      }
      if (edited) {
        original ??= requestOf(ctx, messages, tools);
        messages.splice(0, messages.length, ...edited.messages);
        tools = edited.tools.length ? edited.tools : undefined;
        parameters = edited.parameters;
        turn.requestEdit = { original, sent: edited };
      }
    }
    const started = performance.now();
    const options = { signal: ctx.signal, ...(tools ? { tools } : {}), ...(parameters ? { parameters } : {}) };
    if (!ctx.stream) {
      turn.reply = await abortable(ctx.brain.continueChat(messages, options), ctx.signal);
    } else {
      const stream = ctx.brain.streamChat(messages, options);
      try {
        for (;;) {
          const step = await abortable(stream.next(), ctx.signal);
          if (step.done) {
            turn.reply = step.value;
            break;
          }
          if (step.value) {
            turn.ttftMs ??= Math.round((performance.now() - started) * 100) / 100;
            turn.onDelta(step.value);
          }
        }
      } catch (error) {
        void stream.return(undefined as never).catch(() => undefined);
        throw error;
      }
    }
    if (ctx.signal?.aborted) throw new CancelledError();
    turn.durationMs = Math.round((performance.now() - started) * 100) / 100;
    return turn;
  }

  get content(): string {
    return this.reply.content ?? '';
  }

  get toolCalls(): ToolCall[] {
    return this.reply.toolCalls ?? [];
  }

  /** Records a turn that asks for tools (not the answer). */
  emitStep(toolCalls: ToolCall[]): void {
    this.emitAssistant(toolCalls, false, []);
  }

  /** Records an inner turn of a multi-phase loop (a plan, a verdict, a step's reply): neither a tool request nor the answer. */
  emitInner(): void {
    this.emitAssistant([], false, []);
  }

  /** Records the turn that ends the run: the answer's remaining deltas, then the assistant message. */
  emitFinal(answer: string): void {
    let rest: string;
    if (this.streaming === 'none') {
      rest = answer;
    } else if (this.streaming === 'live') {
      rest = answer.startsWith(this.liveText) ? answer.slice(this.liveText.length) : '';
    } else {
      rest = this.streamer.rest(answer);
    }
    if (rest) this.delta(rest);
    const ignored = this.toolCalls.length ? [this.toolsPastLimit()] : [];
    this.emitAssistant([], true, ignored);
  }

  /** Says that the forced last reply still asked for tools, and which, since none of them ran. */
  private toolsPastLimit(): string {
    const max = this.ctx.maxIterations;
    const asked = this.toolCalls.map((c) => `${c.name}(${JSON.stringify(c.arguments)})`).join(', ');
    return `The model asked for tools after the limit of ${max} iteration${max === 1 ? '' : 's'}: ${asked}. They were not run${this.content.trim() ? '' : ', and it gave no answer'}.`;
  }

  private onDelta(delta: string): void {
    if (this.streaming === 'none') return;
    if (this.streaming === 'live') {
      this.liveText += delta;
      this.delta(delta);
    } else {
      const shown = this.streamer.push(delta);
      if (shown) this.delta(shown);
    }
  }

  private delta(delta: string): void {
    this.ctx.tracer.emit({ type: 'answer_delta', delta });
  }

  private emitAssistant(toolCalls: ToolCall[], final: boolean, extraWarnings: string[]): void {
    const usage = usageOf(this.reply.raw);
    this.ctx.tracer.emit({
      type: 'assistant_message',
      content: this.content,
      toolCalls,
      final,
      durationMs: this.durationMs,
      raw: this.reply.raw ?? null,
      warnings: extraWarnings.length ? [...(this.reply.warnings ?? []), ...extraWarnings] : (this.reply.warnings ?? []),
      ...(this.requestEdit ? { requestEdit: this.requestEdit } : {}),
      ...(this.pausedMs > 0 ? { pausedMs: this.pausedMs } : {}),
      ...(usage ? { usage } : {}),
      ...(this.ttftMs !== undefined ? { ttftMs: this.ttftMs } : {}),
    });
  }
}
