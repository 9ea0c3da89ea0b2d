import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

interface Pending {
  line: string;
  /** Lines for the side file, written before `line` (which refers to them). */
  side: string;
  done: (error: Error | null) => void;
}

/** Why a write failed, in words (as atomic writes say it). */
function reason(error: NodeJS.ErrnoException): string {
  const reasons: Record<string, string> = {
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EROFS: 'the disk is read-only',
    EACCES: 'no permission to write there',
    EPERM: 'no permission to write there',
    EIO: 'the disk reported an I/O error',
  };
  return (error.code && reasons[error.code]) ?? error.message;
}

/**
 * One session file's appender: one open handle, lines batched into one write per turn of the event loop, and
 * `sync()` for the end of each turn of the conversation. A failed write drops that batch (memory stays bounded),
 * is reported once until a write succeeds again, and the next line starts on a line of its own. A new file
 * starts with `header`; large payloads go to the side file (`sideFile`) before the lines that refer to them.
 */
export class SessionWriter {
  private handle: Promise<FileHandle> | null = null;
  private sideHandle: Promise<FileHandle> | null = null;
  /** The file's size after our last write: when it is still that, it ends with our line (no read needed). */
  private expected = -1;
  private pending: Pending[] = [];
  private chain: Promise<void> = Promise.resolve();
  private scheduled = false;
  private brokenLine = false;
  private failing = false;
  /** Events that could not be written since the last report. */
  lost = 0;

  constructor(
    readonly file: string,
    private readonly onError: (message: string) => void,
    private readonly header = '',
    readonly sideFile = `${file}.payloads`,
  ) {}

  /** Queues one line (and its side-file lines); resolves once written (rejects when it could not be). */
  append(line: string, side = ''): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ line, side, done: (error) => (error ? reject(error) : resolve()) });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        const batch = this.pending;
        this.pending = [];
        this.chain = this.chain.then(() => this.write(batch));
      });
    });
  }

  /** Waits for every queued line, then asks the disk to keep them (fdatasync). */
  async sync(): Promise<void> {
    await this.idle();
    if (!this.handle) return;
    try {
      if (this.sideHandle) await (await this.sideHandle).datasync();
      await (await this.handle).datasync();
    } catch {
      // The open or the write already reported it; a sync error alone changes nothing the user can act on.
    }
  }

  /** Resolves when nothing is queued or being written. */
  async idle(): Promise<void> {
    while (this.scheduled || this.pending.length) await new Promise(setImmediate);
    await this.chain;
  }

  /** Closes the file after what is queued so far; a later append opens it again. */
  close(): Promise<void> {
    this.chain = this.chain.then(async () => {
      for (const handle of [this.handle, this.sideHandle]) {
        if (handle) await (await handle.catch(() => null))?.close().catch(() => undefined);
      }
      this.handle = null;
      this.sideHandle = null;
      this.expected = -1;
    });
    return this.chain;
  }

  private opened(): Promise<FileHandle> {
    this.handle ??= (async () => {
      await mkdir(path.dirname(this.file), { recursive: true });
      this.expected = -1;
      return open(this.file, 'a+');
    })();
    return this.handle;
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      const side = batch.map((p) => p.side).join('');
      if (side) {
        this.sideHandle ??= open(this.sideFile, 'a+');
        const sideHandle = await this.sideHandle;
        await sideHandle.write(((await endsMidLine(sideHandle)) ? '\n' : '') + side, null, 'utf8');
      }
      const handle = await this.opened();
      let start = this.brokenLine ? '\n' : '';
      // A new file gets its header; one that another process (crashed mid-write) left mid-line, a line break.
      const size = (await handle.stat()).size;
      if (size === 0) start = this.header;
      else if (size !== this.expected && (await endsMidLine(handle, size))) start = '\n';
      const text = start + batch.map((p) => p.line).join('');
      const { bytesWritten } = await handle.write(text, null, 'utf8');
      this.expected = size + bytesWritten;
      this.brokenLine = false;
      if (this.failing) {
        this.failing = false;
        this.onError(
          `The session file ${this.file} is written again; ${this.lost} event(s) shown before are missing from it.`,
        );
        this.lost = 0;
      }
      for (const p of batch) p.done(null);
    } catch (error) {
      for (const broken of [this.handle, this.sideHandle]) void broken?.then((h) => h.close()).catch(() => undefined);
      this.handle = null;
      this.sideHandle = null;
      // Part of the batch may be on disk: the next write starts on a new line, so only that line is lost.
      this.brokenLine = true;
      this.lost += batch.length;
      const err = error as NodeJS.ErrnoException;
      if (!this.failing) {
        this.failing = true;
        this.onError(
          `The chat trace cannot be saved to ${this.file}: ${reason(err)}. What the chat shows from now on is not on disk; reopening this session will miss it.`,
        );
      }
      for (const p of batch) p.done(err);
    }
  }
}

async function endsMidLine(handle: FileHandle, known?: number): Promise<boolean> {
  const size = known ?? (await handle.stat()).size;
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}
