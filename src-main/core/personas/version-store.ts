import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PersonaId } from '../../../shared/domain/persona';
import { PersonaVersionFile, PersonaVersionId, type PersonaVersionInfo } from '../../../shared/domain/persona-version';
import { parseJsonSafe } from '../../../shared/json/safe-json';
import { TEMP_PREFIX, writeFileAtomic } from '../atomic-write';
import { StudioError } from '../errors';
import { logger } from '../log';
import { formatPersona } from './persona-file';

const log = logger('versions');
type Json = Record<string, unknown>;

/** A version file is a persona file and a few fields; past this size it is not ours. */
const MAX_VERSION_BYTES = 6 * 1024 * 1024;

/** Versions kept per persona; past that the oldest (by last save) are removed. */
export const MAX_VERSIONS = 200;

/** The version id of a persona's content: 16 hex digits of the SHA-256 of its file text (secrets removed). */
export function versionIdOf(persona: Json): string {
  return createHash('sha256').update(formatPersona(persona)).digest('hex').slice(0, 16);
}

/**
 * Every saved content of each persona, in `<dir>/<personaId>/<versionId>.json` beside (never inside) the persona
 * file, which stays a plain OVOS persona. The id is the content hash: saving the same content again is the same
 * version (its `savedAt` moves), never a duplicate. Secrets are never in a version; writes are atomic.
 */
export class VersionStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {}

  private folderOf(personaId: string): string {
    if (!PersonaId.safeParse(personaId).success)
      throw new StudioError('bad_input', `'${personaId}' is not a valid persona id (letters, digits, _ . -).`);
    return path.join(this.dir, personaId);
  }

  private fileOf(personaId: string, versionId: string): string {
    if (!PersonaVersionId.safeParse(versionId).success)
      throw new StudioError('bad_input', `'${versionId}' is not a persona version (16 hex digits).`);
    return path.join(this.folderOf(personaId), `${versionId}.json`);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Keeps `persona` (secret-free) as a version of `personaId` and returns its id. `touch` (a save) marks it as
   * saved now; without it (a run naming the version it ran with) an existing version is left as it is.
   */
  record(personaId: string, persona: Json, options: { touch?: boolean } = {}): Promise<string> {
    return this.serial(async () => {
      const id = versionIdOf(persona);
      const file = this.fileOf(personaId, id);
      const existing = await this.readFile(file).catch(() => null);
      if (existing && !options.touch) return id;
      const at = this.now();
      const entry: PersonaVersionFile = { id, firstSavedAt: existing?.firstSavedAt ?? at, savedAt: at, persona };
      await mkdir(path.dirname(file), { recursive: true });
      await writeFileAtomic(file, `${JSON.stringify(entry, null, 2)}\n`);
      await this.prune(personaId);
      return id;
    });
  }

  /** A persona's versions, the last saved first; none for a persona never saved since versions were kept. */
  async list(personaId: string): Promise<PersonaVersionInfo[]> {
    let names: string[];
    try {
      names = await readdir(this.folderOf(personaId));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const out: PersonaVersionInfo[] = [];
    for (const name of names) {
      if (!name.endsWith('.json') || name.startsWith(TEMP_PREFIX)) continue;
      try {
        const { id, firstSavedAt, savedAt } = await this.readFile(path.join(this.folderOf(personaId), name));
        out.push({ id, firstSavedAt, savedAt });
      } catch (error) {
        log.warn(`persona version ${personaId}/${name} skipped: ${(error as Error).message}`);
      }
    }
    return out.sort((a, b) => b.savedAt - a.savedAt || b.firstSavedAt - a.firstSavedAt);
  }

  /** One version's content; an unknown one is `not_found`. */
  async get(personaId: string, versionId: string): Promise<PersonaVersionFile> {
    const file = this.fileOf(personaId, versionId);
    try {
      return await this.readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new StudioError('not_found', `Persona '${personaId}' has no version ${versionId}.`, {
          personaId,
          versionId,
        });
      throw new StudioError('persona_invalid', `The version file ${file} is unreadable: ${(error as Error).message}`);
    }
  }

  /** Forgets every version of a persona (it was deleted). */
  async remove(personaId: string): Promise<void> {
    await this.serial(() => rm(this.folderOf(personaId), { recursive: true, force: true }));
  }

  private async readFile(file: string): Promise<PersonaVersionFile> {
    const info = await stat(file);
    if (info.size > MAX_VERSION_BYTES) throw new Error(`larger than ${MAX_VERSION_BYTES} bytes`);
    const parsed = PersonaVersionFile.parse(parseJsonSafe(await readFile(file, 'utf8')));
    if (path.basename(file) !== `${parsed.id}.json`) throw new Error('its id does not match its file name');
    return parsed;
  }

  private async prune(personaId: string): Promise<void> {
    const versions = await this.list(personaId);
    for (const old of versions.slice(MAX_VERSIONS))
      await rm(this.fileOf(personaId, old.id), { force: true }).catch(() => undefined);
  }
}
