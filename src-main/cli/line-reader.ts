import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/**
 * Reads answers line by line from a terminal or a pipe: lines that arrive before they are asked for wait in a
 * queue (piped input comes all at once); null at the end of the input.
 */
export class LineReader {
  private readonly lines: string[] = [];
  private readonly waiting: Array<(line: string | null) => void> = [];
  private ended = false;
  private readonly rl: Interface;

  constructor(input: Readable, output?: Writable, terminal = false) {
    this.rl = createInterface({ input, ...(output ? { output } : {}), terminal });
    this.rl.on('line', (line) => {
      const next = this.waiting.shift();
      if (next) next(line);
      else this.lines.push(line);
    });
    this.rl.on('close', () => {
      this.ended = true;
      for (const next of this.waiting.splice(0)) next(null);
    });
  }

  /** The next line (without its newline), or null when the input ended. */
  next(): Promise<string | null> {
    if (this.lines.length) return Promise.resolve(this.lines.shift()!);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Stops reading (the input stays open for others, e.g. a parent process's stdin). */
  close(): void {
    this.rl.close();
  }
}
