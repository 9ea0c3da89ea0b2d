import { watch, type FSWatcher } from 'node:fs';
import { fileStamp } from '../file-stamp';
import { logger } from '../log';
import { PersonaId } from '../../../shared/domain/persona';

const log = logger('personas');

/** How long a file is left to settle after an event before it is looked at (editors write in several steps). */
export const SETTLE_MS = 150;

/**
 * Watches the personas folder for changes the app did not make (a file edited by hand, the CLI importing or
 * deleting): `onChange(id)` once per settled change of `<id>.json`. A change the app made itself is told with
 * `known(id)` right after it, and is not reported again. Watching that cannot start (no folder, no inotify
 * watches left) is logged and leaves the app as it was without it.
 */
export class PersonaWatch {
  private watcher: FSWatcher | null = null;
  private readonly stamps = new Map<string, string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly dir: string,
    private readonly fileOf: (id: string) => string,
    private readonly onChange: (id: string) => void,
  ) {}

  start(): void {
    try {
      this.watcher = watch(this.dir, { persistent: false }, (_event, name) => {
        if (name) this.changed(String(name));
      });
      this.watcher.on('error', (error) => {
        log.warn(`watching ${this.dir} stopped: ${error.message}`);
        this.stop();
      });
    } catch (error) {
      log.warn(
        `${this.dir} is not watched (changes made outside the app show after a reload): ${(error as Error).message}`,
      );
    }
  }

  /** The app changed (or read) the persona itself: what the file is now is not news. */
  known(id: string): void {
    try {
      this.stamps.set(id, fileStamp(this.fileOf(id)));
    } catch {
      // Not a persona id.
    }
  }

  stop(): void {
    this.watcher?.close();
    this.watcher = null;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private changed(name: string): void {
    if (!name.endsWith('.json')) return;
    const id = name.slice(0, -'.json'.length);
    if (!PersonaId.safeParse(id).success) return;
    clearTimeout(this.timers.get(id));
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        const stamp = fileStamp(this.fileOf(id));
        if (this.stamps.get(id) === stamp) return;
        this.stamps.set(id, stamp);
        this.onChange(id);
      }, SETTLE_MS).unref(),
    );
  }
}
