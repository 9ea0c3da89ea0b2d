import { close, closeSync, fdatasync, fstatSync, mkdirSync, open, openSync, readSync, write, writeSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const fdatasyncAsync = promisify(fdatasync);
const writeAsync = promisify(write);
const openAsync = promisify(open);
const closeAsync = promisify(close);

interface Pending {
  line: string;
  /** Lines for the side file, written before `line` (which refers to them). */
  side: string;
  done: (error: Error | null) => void;
}

/** Batches up to this size are written synchronously (a page-cache copy); larger ones through the thread pool. */
const SYNC_WRITE_BYTES = 256 * 1024;

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
 * One session file's appender: one open file, lines batched into one write per turn of the event loop, and
 * `sync()` for the end of each turn of the conversation. A failed write drops that batch (memory stays bounded),
 * is reported once until a write succeeds again, and the next line starts on a line of its own. A new file
 * starts with `header`; large payloads go to the side file (`sideFile`) before the lines that refer to them.
 * Fstat and small writes are synchronous (the page cache answers at once; a trip through the thread pool, busy
 * with the disk syncs, would be the slowest part of a run); syncs and large writes are not, and a run's file is
 * opened in the thread pool while the run starts (`prepare`; creating a file is slow), else when first written.
 */
export class SessionWriter {
  private fd: number | null = null;
  private sideFd: number | null = null;
  /** The file's size after our last write: when it is still that, it ends with our line (no read needed). */
  private expected = -1;
  private syncing: Promise<void> | null = null;
  /** An open in the thread pool started ahead of the first write (`prepare`). */
  private opening: Promise<void> | null = null;
  private nextSync: Promise<void> | null = null;
  /** Batches written so far, the number the last finished disk sync covers, and the one the running sync will. */
  private written = 0;
  private synced = 0;
  private syncingUpTo = 0;
  private pending: Pending[] = [];
  private chain: Promise<void> = Promise.resolve();
  private scheduled = false;
  private brokenLine = false;
  private failing = false;
  /** Events that could not be written since the last report. */
  lost = 0;
  /** How many disk syncs this writer has made (each an fdatasync of the file and of its side file). */
  diskSyncs = 0;

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

  /**
   * Waits for every queued line, then asks the disk to keep them (fdatasync). One sync runs at a time: a call
   * while one runs gets the next one, which starts when it ends and covers every call made meanwhile; a call
   * with nothing written since the running (or last) sync started gets that one instead of a new one.
   */
  async sync(): Promise<void> {
    await this.idle();
    if (this.fd === null) return;
    const upTo = this.written;
    if (this.synced >= upTo) return;
    if (this.syncing && this.syncingUpTo >= upTo) return this.syncing;
    if (!this.syncing) {
      this.syncingUpTo = upTo;
      const running: Promise<void> = this.datasync()
        .then((ok) => {
          if (ok) this.synced = Math.max(this.synced, upTo);
        })
        .finally(() => {
          if (this.syncing === running) this.syncing = null;
        });
      this.syncing = running;
      return running;
    }
    this.nextSync ??= this.syncing.then(() => {
      this.nextSync = null;
      return this.sync();
    });
    return this.nextSync;
  }

  private async datasync(): Promise<boolean> {
    this.diskSyncs++;
    try {
      if (this.sideFd !== null) await fdatasyncAsync(this.sideFd);
      if (this.fd !== null) await fdatasyncAsync(this.fd);
      return true;
    } catch {
      // The open or the write already reported it; a sync error alone changes nothing the user can act on.
      return false;
    }
  }

  /**
   * Opens the file in the thread pool ahead of the first write: creating a file is the slowest system call of a
   * short run (0.3-0.7 ms here), and this way it happens while the run works instead of blocking the first write.
   * A failed open is left to the first write, which opens (and reports) as usual.
   */
  prepare(): void {
    if (this.fd !== null || this.opening) return;
    const opening: Promise<void> = openAsync(this.file, 'a+')
      .then(
        async (fd) => {
          if (this.fd === null) this.fd = fd;
          else await closeAsync(fd);
        },
        () => undefined,
      )
      .finally(() => {
        if (this.opening === opening) this.opening = null;
      });
    this.opening = opening;
  }

  /** Resolves when nothing is queued or being written. */
  async idle(): Promise<void> {
    while (this.scheduled || this.pending.length) await new Promise(setImmediate);
    await this.chain;
  }

  /** Closes the file after what is queued so far (and any sync under way); a later append opens it again. */
  close(): Promise<void> {
    this.chain = this.chain.then(async () => {
      await this.nextSync;
      await this.syncing;
      this.closeFiles();
    });
    return this.chain;
  }

  private closeFiles(): void {
    for (const fd of [this.fd, this.sideFd]) {
      if (fd === null) continue;
      try {
        closeSync(fd);
      } catch {
        // Already gone.
      }
    }
    this.fd = null;
    this.sideFd = null;
    this.expected = -1;
  }

  private opened(): number {
    if (this.fd === null) {
      try {
        this.fd = openSync(this.file, 'a+');
      } catch (error) {
        // The folder is made only when it is missing (not once per run).
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        mkdirSync(path.dirname(this.file), { recursive: true });
        this.fd = openSync(this.file, 'a+');
      }
      this.expected = -1;
    }
    return this.fd;
  }

  private async write(batch: Pending[]): Promise<void> {
    await this.opening;
    try {
      const side = batch.map((p) => p.side).join('');
      if (side) {
        this.sideFd ??= openSync(this.sideFile, 'a+');
        await writeAll(this.sideFd, Buffer.from((endsMidLine(this.sideFd) ? '\n' : '') + side, 'utf8'));
      }
      const fd = this.opened();
      let start = this.brokenLine ? '\n' : '';
      // A new file gets its header; one that another process (crashed mid-write) left mid-line, a line break.
      const size = fstatSync(fd).size;
      if (size === 0) start = this.header;
      else if (size !== this.expected && endsMidLine(fd, size)) start = '\n';
      const bytes = Buffer.from(start + batch.map((p) => p.line).join(''), 'utf8');
      await writeAll(fd, bytes);
      this.written++;
      this.expected = size + bytes.length;
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
      this.closeFiles();
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

/** Writes all of `bytes` at the end of the file: synchronously when small, through the thread pool when large. */
async function writeAll(fd: number, bytes: Buffer): Promise<void> {
  let at = 0;
  if (bytes.length <= SYNC_WRITE_BYTES) while (at < bytes.length) at += writeSync(fd, bytes, at);
  else while (at < bytes.length) at += (await writeAsync(fd, bytes, at, bytes.length - at, null)).bytesWritten;
}

function endsMidLine(fd: number, known?: number): boolean {
  const size = known ?? fstatSync(fd).size;
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}
