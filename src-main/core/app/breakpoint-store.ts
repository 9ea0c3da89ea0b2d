import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { Breakpoints, NO_BREAKPOINTS } from '../../../shared/domain/debug';
import { logger } from '../log';
import { writeFileAtomic } from '../personas/atomic-write';
import { parseJsonSafe } from '../../../shared/json/safe-json';

const log = logger('debug');
const File = z.record(z.string(), z.unknown());

/**
 * `breakpoints.json` in the data folder: each persona's debugger breakpoints, remembered between runs and
 * restarts. Not in the persona file: they are the author's debugging state, not the persona. An entry that does
 * not parse reads as no breakpoints; a file that does not parse reads as empty and is replaced on the next save.
 */
export class BreakpointStore {
  private cache: Record<string, unknown> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly file: string) {}

  async get(personaId: string): Promise<Breakpoints> {
    const parsed = Breakpoints.safeParse((await this.load())[personaId] ?? {});
    return parsed.success ? parsed.data : NO_BREAKPOINTS;
  }

  async set(personaId: string, breakpoints: Breakpoints): Promise<Breakpoints> {
    const checked = Breakpoints.parse(breakpoints);
    const all = { ...(await this.load()), [personaId]: checked };
    this.cache = all;
    const text = `${JSON.stringify(all, null, 2)}\n`;
    const write = this.writing.catch(() => undefined).then(() => writeFileAtomic(this.file, text));
    this.writing = write;
    await write;
    return checked;
  }

  private async load(): Promise<Record<string, unknown>> {
    if (this.cache) return this.cache;
    try {
      const parsed = File.safeParse(parseJsonSafe(await readFile(this.file, 'utf8')));
      if (!parsed.success) log.warn(`${this.file} is not an object of breakpoints; starting empty.`);
      this.cache = parsed.success ? parsed.data : {};
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        log.warn(`cannot read ${this.file}: ${(error as Error).message}; starting empty.`);
      this.cache = {};
    }
    return this.cache;
  }
}
