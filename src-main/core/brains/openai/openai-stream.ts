import { contentText, reasoningText, type WireToolCallIn } from './openai-wire';

interface PartialCall {
  id?: string;
  type?: string;
  name: string;
  arguments: string;
}

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Assembles `chat.completion.chunk`s (content and tool_call deltas) into one `chat.completion`. */
export class StreamAssembler {
  chunks = 0;
  /** Chunks that carried a choice (a stream of only `choices: []` chunks carries no answer). */
  choiceChunks = 0;
  /** Chunks that brought something (text, reasoning, a tool-call part, a finish reason): what resets the idle timer. */
  dataChunks = 0;
  /** Characters of text, reasoning and tool-call parts so far: what the reply size limit counts. */
  size = 0;
  content = '';
  /** `reasoning_content` / `reasoning` deltas (llama.cpp, vLLM, LM Studio, Ollama), kept for the raw response only. */
  reasoning = '';
  private id: string | undefined;
  private model: string | undefined;
  private created: number | undefined;
  finishReason: string | null = null;
  private usage: unknown = undefined;
  private readonly calls: PartialCall[] = [];
  /** Wire `index` -> position in `calls`. */
  private readonly slots = new Map<number, number>();

  /** Adds one chunk; returns its content delta ('' when it has none). */
  add(chunk: any): string {
    this.chunks++;
    this.id ??= chunk?.id;
    this.model ??= chunk?.model;
    this.created ??= chunk?.created;
    if (chunk?.usage) this.usage = chunk.usage;
    const choice = Array.isArray(chunk?.choices) ? chunk.choices[0] : undefined;
    if (!choice) return '';
    this.choiceChunks++;
    const before = this.size;
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    const delta = choice.delta ?? {};
    if (Array.isArray(delta.tool_calls)) for (const part of delta.tool_calls) this.addCall(part);
    const reasoning = reasoningText(delta);
    this.reasoning += reasoning;
    const text = contentText(delta.content);
    this.content += text;
    this.size += reasoning.length + text.length;
    const calls = Array.isArray(delta.tool_calls) && delta.tool_calls.length > 0;
    if (this.size > before || choice.finish_reason || calls) this.dataChunks++;
    return text;
  }

  private addCall(part: any) {
    const fn = part?.function ?? {};
    const id = typeof part?.id === 'string' && part.id ? part.id : undefined;
    let slot: number;
    if (typeof part?.index === 'number') {
      const known = this.slots.get(part.index);
      // A new id with a function name at a used index is a new call (servers that number every call 0).
      const isNew =
        known === undefined ||
        (id !== undefined &&
          this.calls[known].id !== undefined &&
          this.calls[known].id !== id &&
          typeof fn.name === 'string' &&
          fn.name !== '');
      slot = isNew ? this.calls.length : known;
      this.slots.set(part.index, slot);
    } else {
      slot = id && !this.calls.some((c) => c.id === id) ? this.calls.length : Math.max(0, this.calls.length - 1);
    }
    const call = (this.calls[slot] ??= { name: '', arguments: '' });
    if (typeof part?.id === 'string' && part.id) call.id = part.id;
    if (typeof part?.type === 'string') call.type = part.type;
    const before = call.name.length + call.arguments.length;
    if (typeof fn.name === 'string') call.name += fn.name;
    if (typeof fn.arguments === 'string') call.arguments += fn.arguments;
    else if (fn.arguments && typeof fn.arguments === 'object') call.arguments += JSON.stringify(fn.arguments);
    this.size += call.name.length + call.arguments.length - before;
  }

  /** The tool calls in wire shape, in index order. */
  get toolCalls(): WireToolCallIn[] {
    return this.calls
      .filter(Boolean)
      .map((c) => ({ id: c.id, type: c.type ?? 'function', function: { name: c.name, arguments: c.arguments } }));
  }

  /** The completion the chunks add up to, for the trace's raw response. */
  completion() {
    const calls = this.toolCalls;
    return {
      id: this.id,
      object: 'chat.completion',
      created: this.created,
      model: this.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: this.content || (calls.length > 0 ? null : ''),
            ...(this.reasoning ? { reasoning_content: this.reasoning } : {}),
            ...(calls.length > 0 ? { tool_calls: calls } : {}),
          },
          finish_reason: this.finishReason,
        },
      ],
      ...(this.usage ? { usage: this.usage } : {}),
      /** Not OpenAI's: how many SSE chunks the answer came in. */
      stream_chunks: this.chunks,
    };
  }
}
