import type { AgentMessage } from '../../../shared/domain/message';
import {
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_MAX_TOOL_RESULT_CHARS,
  DEFAULT_TOOL_TIMEOUT_S,
  type EngineRunOptions,
  type EngineSetup,
  type LoopContext,
  type LoopResult,
} from './loop-context';
import { NO_BRAIN_ANSWER } from './react-prompt';
import { RunTracer } from './run-tracer';

/**
 * Base of the loop engines (OVOS's AgenticLoopEngine): a brain, a persona's tools, limits.
 * `run` drives the loop and traces it; `continueChat` is OVOS's call shape returning the assistant message.
 */
export abstract class LoopEngine {
  abstract readonly id: string;

  constructor(readonly setup: EngineSetup) {}

  get maxIterations(): number {
    return this.setup.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  }

  /** Runs the loop on a conversation (history plus the new user turn). Throws BrainError, CancelledError. */
  async run(messages: AgentMessage[], options: EngineRunOptions = {}): Promise<LoopResult> {
    const tracer = options.tracer ?? new RunTracer('');
    const brain = this.setup.brain;
    if (!brain) {
      tracer.iteration = 1;
      tracer.emit({ type: 'answer_delta', delta: NO_BRAIN_ANSWER });
      tracer.emit({
        type: 'assistant_message',
        content: NO_BRAIN_ANSWER,
        toolCalls: [],
        final: true,
        durationMs: 0,
        raw: null,
        warnings: ["The engine block has no 'brain'."],
      });
      return { answer: NO_BRAIN_ANSWER, iterations: 1 };
    }
    const ctx: LoopContext = {
      brain,
      registry: this.setup.registry,
      maxIterations: this.maxIterations,
      toolTimeoutMs: this.setup.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_S * 1000,
      maxToolResultChars: this.setup.maxToolResultChars ?? DEFAULT_MAX_TOOL_RESULT_CHARS,
      systemPrompt: this.setup.systemPrompt ?? null,
      stream: this.setup.stream ?? true,
      signal: options.signal,
      tracer,
      sessionId: options.sessionId,
      debug: options.debug ?? null,
      ...(options.onToolProgress ? { onToolProgress: options.onToolProgress } : {}),
    };
    return this.loop(messages, ctx);
  }

  /** OVOS's `continue_chat`: the loop's answer as an assistant message. */
  async continueChat(messages: AgentMessage[], options: EngineRunOptions = {}): Promise<AgentMessage> {
    const { answer } = await this.run(messages, options);
    return { role: 'assistant', content: answer };
  }

  protected abstract loop(messages: AgentMessage[], ctx: LoopContext): Promise<LoopResult>;
}

/** The persona's system prompt as the first message(s), when it has one. */
export function withSystemPrompt(ctx: LoopContext, messages: AgentMessage[]): AgentMessage[] {
  return ctx.systemPrompt ? [{ role: 'system', content: ctx.systemPrompt }, ...messages] : [...messages];
}
