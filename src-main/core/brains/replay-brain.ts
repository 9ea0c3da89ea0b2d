import { readFileSync } from 'node:fs';
import type { AgentMessage } from '../../../shared/domain/message';
import type { TraceEvent } from '../../../shared/domain/trace';
import { CancelledError, StudioError } from '../errors';
import { ReplayBrainConfig as ReplayConfigSchema } from '../../../shared/plugins/brains/replay';
import { BrainError } from './brain-error';
import { defineBrain } from './brain-descriptor';
import type { BrainMessage, ChatEngine, ChatOptions } from './chat-engine';
import { parseJsonSafe } from '../../../shared/json/safe-json';

export const REPLAY_BRAIN_ID = 'replay';

type AssistantEvent = Extract<TraceEvent, { type: 'assistant_message' }>;

/** Config of the replay brain: recorded events, or a session JSONL file (`session_file` in persona files). */
export type ReplayBrainConfig = { events: TraceEvent[] } | { sessionFile: string } | { session_file: string };

function assistantEvent(value: unknown): AssistantEvent | null {
  const v = value as { type?: unknown; event?: { type?: unknown } } | null;
  if (v?.type === 'assistant_message') return v as AssistantEvent;
  if (v?.event?.type === 'assistant_message') return v.event as AssistantEvent;
  return null;
}

/**
 * The assistant turns of a session JSONL file, in order; lines that are not assistant events are skipped. A line
 * that is not JSON (the half-written last line of a session whose app crashed) is skipped too; its number goes
 * to `unreadable`.
 */
export function readRecordedTurns(sessionFile: string, unreadable: number[] = []): AssistantEvent[] {
  let text: string;
  try {
    text = readFileSync(sessionFile, 'utf8');
  } catch (error) {
    throw new StudioError(
      'session_not_found',
      `Replay cannot read the session file ${sessionFile}: ${(error as Error).message}`,
    );
  }
  const turns: AssistantEvent[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = parseJsonSafe(line);
    } catch {
      unreadable.push(i + 1);
      return;
    }
    const event = assistantEvent(value);
    if (event) turns.push(event);
  });
  return turns;
}

/**
 * `replay`: plays the assistant turns of a recorded session back in order (content, tool calls, raw exchange),
 * whatever it is asked; deterministic, so a recorded run can be re-run against changed tools.
 */
export class ReplayBrain implements ChatEngine {
  readonly id = REPLAY_BRAIN_ID;
  readonly supportsTools = true;
  readonly model: string | null = null;
  private readonly turns: AssistantEvent[];
  private next = 0;
  /** Said with the first turn played: lines of the session file that could not be read. */
  private readonly notice: string | null = null;

  constructor(config: ReplayBrainConfig) {
    if ('events' in config) {
      this.turns = config.events.map(assistantEvent).filter((e): e is AssistantEvent => e !== null);
    } else {
      const file = 'sessionFile' in config ? config.sessionFile : config.session_file;
      const unreadable: number[] = [];
      this.turns = readRecordedTurns(file, unreadable);
      if (unreadable.length)
        this.notice = `Replay skipped ${unreadable.length} unreadable line(s) of ${file}: line ${unreadable.join(', ')}.`;
    }
  }

  /** Turns not played yet. */
  get remaining(): number {
    return this.turns.length - this.next;
  }

  async continueChat(_messages: AgentMessage[], options: ChatOptions = {}): Promise<BrainMessage> {
    if (options.signal?.aborted) throw new CancelledError();
    const event = this.turns[this.next];
    if (!event) {
      throw new BrainError(
        'brain_bad_response',
        `Replay has no more recorded turns (all ${this.turns.length} were played).`,
      );
    }
    const notice = this.next === 0 && this.notice ? [this.notice] : [];
    this.next++;
    return {
      role: 'assistant',
      content: event.content,
      ...(event.toolCalls.length > 0 ? { toolCalls: structuredClone(event.toolCalls) } : {}),
      ...(event.raw ? { raw: structuredClone(event.raw) } : {}),
      warnings: [...notice, ...event.warnings],
    };
  }

  async *streamChat(messages: AgentMessage[], options: ChatOptions = {}): AsyncGenerator<string, BrainMessage, void> {
    const message = await this.continueChat(messages, options);
    for (const piece of message.content.match(/\s*\S+\s*/g) ?? []) yield piece;
    return message;
  }
}

/** The `replay` plugin. */
export const replayBrain = defineBrain({
  id: REPLAY_BRAIN_ID,
  title: 'Replay',
  description:
    "Plays a recorded session's assistant turns back in order (text, tool calls, raw exchange), whatever it is asked: re-run a loop deterministically against changed tools.",
  config: ReplayConfigSchema,
  create: (config) =>
    Array.isArray(config.events)
      ? new ReplayBrain({ events: config.events as TraceEvent[] })
      : new ReplayBrain({ session_file: String(config.session_file) }),
});
