import type { PersonaFile } from '../../../shared/domain/persona';
import { buildPersonaRuntime, type PersonaRuntime } from './persona-runtime';
import { fileStamp } from '../file-stamp';
import { logger } from '../log';
import { withAppBusUrl } from './bus-url-default';
import type { AppContext } from './app-context';
import { attachMcp } from './mcp-wiring';

const log = logger('runtimes');

interface Entry {
  runtime: Promise<PersonaRuntime>;
  active: number;
  stale: boolean;
  unwatch: Array<() => void>;
  /** The files it was built from as they were then (`filesStamp`). */
  stamp: string;
}

/** `fn` on the first call only: a run's `release` may be called again (a `finally` after an error) harmlessly. */
function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

/**
 * One built runtime per persona (its brain, engine and toolbox instances), reused across calls.
 * Saving a persona marks its runtime stale: it is closed once no run uses it, and rebuilt on next use. So does a
 * change on disk the app did not make (the persona file edited by hand, the CLI importing, approving or storing a
 * key): each use compares the files the runtime was built from with what they are now.
 */
export class RuntimeCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly app: AppContext) {}

  /** The persona file, the secrets and the approvals as they are now (taken before they are read). */
  private filesStamp(personaId: string): string {
    try {
      const files = [this.app.personas.fileOf(personaId), this.app.secrets.file, this.app.approvals.file];
      return files.map(fileStamp).join('|');
    } catch {
      // Not a persona id: building says so (and nothing is cached).
      return 'invalid';
    }
  }

  private build(personaId: string, change: (persona: PersonaFile) => PersonaFile = (p) => p): Entry {
    const entry: Entry = {
      runtime: Promise.resolve(null as never),
      active: 0,
      stale: false,
      unwatch: [],
      stamp: this.filesStamp(personaId),
    };
    entry.runtime = (async () => {
      const { busUrl } = await this.app.settings.get();
      const persona = change(withAppBusUrl(await this.app.personas.loadWithSecrets(personaId), busUrl));
      const { toolboxes } = await this.app.toolboxCatalog();
      // Programs the user has not approved for this persona do not start: their toolboxes await approval.
      const programs = await this.app.approvals.approved(personaId);
      const runtime = await buildPersonaRuntime(persona, {
        toolboxes,
        programs,
        engines: this.app.engines,
        brains: this.app.brains,
      });
      entry.unwatch = runtime.toolboxes.flatMap((tb) => [
        this.app.watchToolbox(tb, personaId),
        attachMcp(this.app, tb, personaId),
      ]);
      return runtime;
    })();
    entry.runtime.catch(() => {
      if (this.entries.get(personaId) === entry) this.entries.delete(personaId);
    });
    return entry;
  }

  private entry(personaId: string): Entry {
    let entry = this.entries.get(personaId);
    if (entry && entry.stamp !== this.filesStamp(personaId)) {
      this.invalidate(personaId);
      entry = undefined;
    }
    if (!entry) {
      entry = this.build(personaId);
      this.entries.set(personaId, entry);
    }
    return entry;
  }

  /** The persona's runtime (built on first use). */
  get(personaId: string): Promise<PersonaRuntime> {
    return this.entry(personaId).runtime;
  }

  /** The runtime held for the duration of a run: a save during the run closes it only afterwards. */
  async acquire(personaId: string): Promise<{ runtime: PersonaRuntime; release: () => void }> {
    const entry = this.entry(personaId);
    entry.active++;
    try {
      const runtime = await entry.runtime;
      return {
        runtime,
        release: once(() => {
          entry.active--;
          if (entry.stale && entry.active === 0) void this.close(entry);
        }),
      };
    } catch (error) {
      entry.active--;
      throw error;
    }
  }

  /**
   * A runtime of the persona as `change` makes it (a re-run against another model or engine), built for one use
   * and not cached: `release` closes it.
   */
  async acquireChanged(
    personaId: string,
    change: (persona: PersonaFile) => PersonaFile,
  ): Promise<{ runtime: PersonaRuntime; release: () => void }> {
    const entry = this.build(personaId, change);
    const runtime = await entry.runtime;
    return { runtime, release: once(() => void this.close(entry)) };
  }

  /** Forgets a persona's runtime; it is closed now, or when its last run ends. */
  invalidate(personaId: string): void {
    const entry = this.entries.get(personaId);
    if (!entry) return;
    this.entries.delete(personaId);
    entry.stale = true;
    if (entry.active === 0) void this.close(entry);
  }

  private async close(entry: Entry): Promise<void> {
    try {
      const runtime = await entry.runtime;
      for (const off of entry.unwatch) off();
      await runtime.close();
    } catch (error) {
      log.debug(`closing a runtime: ${(error as Error).message}`);
    }
  }

  /** Forgets every runtime (settings that shape them changed). */
  invalidateAll(): void {
    for (const id of [...this.entries.keys()]) this.invalidate(id);
  }

  async closeAll(): Promise<void> {
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(all.map((e) => this.close(e)));
  }
}
