import { constants } from 'node:fs';
import { copyFile, readFile } from 'node:fs/promises';
import { Settings } from '../../../shared/ipc/contract';
import { JsonInputError, parseJsonSafe } from '../../../shared/json/safe-json';
import { logger } from '../log';
import { writeFileAtomic } from '../personas/atomic-write';

const log = logger('settings');

/**
 * settings.json: app preferences (theme, OVOS bus URL). A file that does not parse reads as the defaults;
 * the first save then keeps a copy of it (`settings.json.broken-<time>`) before writing the new one.
 */
export class SettingsStore {
  private cache: Settings | null = null;
  private broken = false;

  /** `onProblem`: a settings file that cannot be read or kept, for the user to hear about (a notice). */
  constructor(
    readonly file: string,
    private readonly onProblem: (message: string) => void = (message) => log.warn(message),
  ) {}

  async get(): Promise<Settings> {
    if (this.cache) return this.cache;
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.onProblem(`Cannot read ${this.file} (${(error as Error).message}); using the default settings.`);
      return (this.cache = Settings.parse({}));
    }
    try {
      this.cache = Settings.parse(parseJsonSafe(text));
    } catch (error) {
      const why =
        error instanceof JsonInputError && error.problem !== 'syntax'
          ? error.message
          : error instanceof JsonInputError
            ? 'not valid JSON'
            : 'unexpected values';
      this.onProblem(
        `${this.file} does not parse (${why}); using the default settings. It is kept as it is, and copied aside when settings are saved.`,
      );
      this.broken = true;
      this.cache = Settings.parse({});
    }
    return this.cache;
  }

  async save(next: Settings): Promise<Settings> {
    const checked = Settings.parse(next);
    if (this.cache === null) await this.get();
    if (this.broken) {
      const aside = `${this.file}.broken-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      const copied = await copyFile(this.file, aside, constants.COPYFILE_EXCL).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false; // removed meanwhile: nothing left to keep
          throw error;
        },
      );
      if (copied) this.onProblem(`The unreadable ${this.file} is kept as ${aside}.`);
      this.broken = false;
    }
    await writeFileAtomic(this.file, `${JSON.stringify(checked, null, 2)}\n`);
    this.cache = checked;
    return checked;
  }
}
