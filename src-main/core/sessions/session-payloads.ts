import { open, type FileHandle } from 'node:fs/promises';
import type { PayloadRecord } from './session-codec';

/** A side-file record as one JSON line, `{"ref":…,"text":…}`: a text never spans lines once escaped. */
export function payloadLine(record: PayloadRecord): string {
  return `${JSON.stringify({ ref: record.ref, text: record.text })}\n`;
}

const PREFIX = Buffer.from('{"ref":"');
/** Bytes of a line's start kept while scanning (the prefix and a ref). */
const HEAD = 64;
const CHUNK = 1024 * 1024;

/** Where each record of a side file is: ref -> [byte offset, byte length] of its line. */
type PayloadIndex = Map<string, [number, number]>;

/**
 * Reads a session's side file of large payloads. The file is append-only: its index (where each record's line
 * is) grows by scanning only what was added since the last read.
 */
export class PayloadFile {
  private index: PayloadIndex = new Map();
  private scanned = 0;

  constructor(readonly file: string) {}

  /** The texts of `refs` (all records when omitted); a ref the file lacks is left out. */
  async read(refs?: Set<string>): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (refs && refs.size === 0) return out;
    let handle;
    try {
      handle = await open(this.file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return out;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      if (size < this.scanned) {
        this.index = new Map();
        this.scanned = 0;
      }
      if (size > this.scanned) await this.scan(handle, size);
      for (const [ref, [offset, length]] of this.index) {
        if (refs && !refs.has(ref)) continue;
        const buffer = Buffer.alloc(length);
        await handle.read(buffer, 0, length, offset);
        try {
          const record = JSON.parse(buffer.toString('utf8')) as PayloadRecord;
          if (typeof record.text === 'string') out.set(ref, record.text);
        } catch {
          // A record a crash cut short: its event keeps the preview.
        }
      }
    } finally {
      await handle.close();
    }
    return out;
  }

  /** Indexes the lines between what was scanned and `size`, reading 1 MB at a time. */
  private async scan(handle: FileHandle, size: number): Promise<void> {
    const chunk = Buffer.alloc(Math.min(CHUNK, size - this.scanned));
    let lineStart = this.scanned;
    let head = Buffer.alloc(0);
    for (let position = this.scanned; position < size;) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, size - position), position);
      if (bytesRead === 0) break;
      let from = 0;
      for (;;) {
        if (head.length < HEAD) {
          const take = chunk.subarray(from, Math.min(bytesRead, from + HEAD - head.length));
          head = Buffer.concat([head, take]);
        }
        const end = chunk.indexOf(0x0a, from);
        if (end < 0 || end >= bytesRead) break;
        this.record(head, lineStart, position + end - lineStart);
        lineStart = position + end + 1;
        head = Buffer.alloc(0);
        from = end + 1;
      }
      position += bytesRead;
    }
    this.scanned = lineStart;
  }

  private record(head: Buffer, offset: number, length: number): void {
    if (!head.subarray(0, PREFIX.length).equals(PREFIX)) return;
    const close = head.indexOf(0x22, PREFIX.length);
    if (close > 0 && close < length) this.index.set(head.toString('utf8', PREFIX.length, close), [offset, length]);
  }
}
