import { chmod, readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import { JsonInputError, parseJsonSafe } from '../../../shared/json/safe-json';
import { StudioError } from '../errors';
import { writeFileAtomic } from '../atomic-write';
import { withFileLock } from './file-lock';
import { secretValues } from './secret-fields';

const SecretsFile = z.object({
  version: z.literal(1),
  personas: z.record(z.string(), z.record(z.string(), z.string())),
});
type SecretsFile = z.infer<typeof SecretsFile>;

/**
 * API keys, out of persona files: `secrets.json` (mode 0600), keyed by persona id then dotted path.
 * A secrets file that does not parse is never overwritten: reads and writes fail with its error.
 */
export class SecretStore {
  private cache: SecretsFile | null = null;
  /** Which version of the file the cache holds (inode, size, mtime): another process (the CLI) may write it too. */
  private cacheStamp = '';
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {}

  private async read(): Promise<SecretsFile> {
    let stamp: string;
    let text: string;
    try {
      const info = await stat(this.file);
      stamp = `${info.ino}:${info.size}:${info.mtimeMs}`;
      if (this.cache && stamp === this.cacheStamp) return this.cache;
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.cacheStamp = '';
        return (this.cache = { version: 1, personas: {} });
      }
      throw error;
    }
    // Owner-only even when the file was made with wider permissions, and even when it does not parse.
    await chmod(this.file, 0o600).catch(() => undefined);
    let parsed: SecretsFile;
    try {
      parsed = SecretsFile.parse(parseJsonSafe(text));
    } catch (error) {
      const why =
        error instanceof JsonInputError
          ? error.problem === 'syntax'
            ? 'not valid JSON'
            : error.message
          : 'not the expected { version: 1, personas: {...} } shape';
      throw new StudioError(
        'internal',
        `${this.file} does not parse (${why}); it is left as it is. Fix or remove it.`,
        { path: this.file },
      );
    }
    this.cache = parsed;
    this.cacheStamp = stamp;
    return parsed;
  }

  /** The cache follows the file: a write that fails (read-only disk) leaves both as they were. */
  private async write(next: SecretsFile): Promise<void> {
    await writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    const info = await stat(this.file);
    this.cache = next;
    this.cacheStamp = `${info.ino}:${info.size}:${info.mtimeMs}`;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The secrets of one persona: dotted path -> value. */
  async get(personaId: string): Promise<Record<string, string>> {
    return { ...((await this.read()).personas[personaId] ?? {}) };
  }

  /** Every stored secret value of every persona (what exports must not contain); origin entries left out. */
  async allValues(): Promise<string[]> {
    const { personas } = await this.read();
    return Object.values(personas).flatMap((stored) => Object.values(secretValues(stored)));
  }

  /**
   * Replaces one persona's secrets (an empty record removes the entry). Other processes write this file too:
   * the read-modify-write holds the file's lock and reads the file afresh, so no one's key is lost.
   */
  set(personaId: string, secrets: Record<string, string>): Promise<void> {
    return this.serial(() => withFileLock(this.file, () => this.update(personaId, secrets)));
  }

  private async update(personaId: string, secrets: Record<string, string>): Promise<void> {
    this.cacheStamp = '';
    const current = await this.read();
    const personas = { ...current.personas };
    if (Object.keys(secrets).length) personas[personaId] = { ...secrets };
    else delete personas[personaId];
    if (JSON.stringify(personas) === JSON.stringify(current.personas)) return;
    await this.write({ version: 1, personas });
  }

  remove(personaId: string): Promise<void> {
    return this.set(personaId, {});
  }
}
