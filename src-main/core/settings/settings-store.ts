import { readFile } from 'node:fs/promises';
import { Settings } from '../../../shared/ipc/contract';
import { logger } from '../log';
import { writeFileAtomic } from '../personas/atomic-write';

const log = logger('settings');

/** settings.json: app preferences (theme, OVOS bus URL). A file that does not parse reads as the defaults. */
export class SettingsStore {
  private cache: Settings | null = null;

  constructor(readonly file: string) {}

  async get(): Promise<Settings> {
    if (this.cache) return this.cache;
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`cannot read ${this.file}: ${(error as Error).message}`);
      return (this.cache = Settings.parse({}));
    }
    try {
      this.cache = Settings.parse(JSON.parse(text));
    } catch (error) {
      log.warn(`${this.file} does not parse (${(error as Error).message}); using the defaults until settings are saved.`);
      this.cache = Settings.parse({});
    }
    return this.cache;
  }

  async save(next: Settings): Promise<Settings> {
    const checked = Settings.parse(next);
    await writeFileAtomic(this.file, `${JSON.stringify(checked, null, 2)}\n`);
    this.cache = checked;
    return checked;
  }
}
