const OPEN = '<think>';
const CLOSE = '</think>';

/**
 * Keeps a reasoning model's leading `<think>...</think>` block (DeepSeek-R1, Qwen3, QwQ on servers that leave it
 * in `content`) out of the answer. Fed the content piece by piece it returns only the answer's text, holding back
 * what may still turn out to be reasoning; the pieces concatenate to exactly what `ThinkFilter.split` gives for the
 * whole text, however the text was chunked. Only a block at the very start counts: `<think>` later in an answer
 * is the answer's own text.
 */
export class ThinkFilter {
  private state: 'start' | 'think' | 'after' | 'answer' = 'start';
  private buffer = '';
  /** The text of the `<think>` block (without the tags), once seen. */
  reasoning = '';
  /** True when the content started with `<think>`. */
  thought = false;
  /** True when the content started with `<think>` and never closed it. */
  get unclosed(): boolean {
    return this.state === 'think';
  }

  /** Feeds one piece of content; returns the answer text that may be shown now ('' if none). */
  push(delta: string): string {
    this.buffer += delta;
    let out = '';
    if (this.state === 'start') {
      const text = this.buffer.trimStart();
      if (text.startsWith(OPEN)) {
        this.state = 'think';
        this.thought = true;
        this.buffer = text.slice(OPEN.length);
      } else if (OPEN.startsWith(text)) {
        return '';
      } else {
        this.state = 'answer';
      }
    }
    if (this.state === 'think') {
      const end = this.buffer.indexOf(CLOSE);
      if (end === -1) return '';
      this.reasoning = this.buffer.slice(0, end).trim();
      this.buffer = this.buffer.slice(end + CLOSE.length);
      this.state = 'after';
    }
    if (this.state === 'after') {
      this.buffer = this.buffer.trimStart();
      if (!this.buffer) return '';
      this.state = 'answer';
    }
    out += this.buffer;
    this.buffer = '';
    return out;
  }

  /** The end of the content: what was held back and is answer after all ('' inside an unclosed block). */
  end(): string {
    if (this.state === 'start') {
      const out = this.buffer;
      this.buffer = '';
      this.state = 'answer';
      return out;
    }
    if (this.state === 'think') {
      this.reasoning = this.buffer.trim();
      return '';
    }
    return '';
  }

  /** Warnings for the trace: where the reasoning went, and a reply that never got past it. */
  warnings(): string[] {
    if (!this.thought) return [];
    if (this.unclosed)
      return [
        `The model's reply ended inside its <think> block (${this.reasoning.length} characters of reasoning, no answer after it); the raw response has the text.`,
      ];
    return [
      `The model's <think> reasoning (${this.reasoning.length} characters) was kept out of the answer; the raw response has it.`,
    ];
  }

  /** The whole content split into the answer and the leading reasoning. */
  static split(content: string): { answer: string; filter: ThinkFilter } {
    const filter = new ThinkFilter();
    const answer = filter.push(content) + filter.end();
    return { answer, filter };
  }
}
