import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BrokenPersona, PersonaFile, PersonaSummary } from '../../../shared/domain/persona';
import { engineIdOf, PersonaId } from '../../../shared/domain/persona';
import type { PersonaRecord } from '../../../shared/ipc/contract';
import { StudioError } from '../errors';
import { logger } from '../log';
import { TEMP_PREFIX, writeFileAtomic } from '../atomic-write';
import {
  findUnknownPluginIds,
  formatPersona,
  parsePersonaText,
  readPersonaFile,
  slugify,
  validatePersona,
  type KnownPlugins,
} from './persona-file';
import {
  heldSecrets,
  mergeSecrets,
  ORIGIN_PREFIX,
  secretOrigin,
  secretPathExists,
  secretValues,
  splitSecrets,
} from './secret-fields';
import type { SecretStore } from './secret-store';
import { undeletable } from './persona-fs';
import { readImportSource, writeExport } from './persona-files';

export { MAX_IMPORT_BYTES } from './persona-files';
import type { VersionStore } from './version-store';

type Json = Record<string, unknown>;
const log = logger('personas');

/**
 * Persona files in `personas/<id>.json`, in the OVOS format. Writes are atomic; the raw JSON is kept
 * (key order, unknown keys). A file that does not parse or validate is listed as broken and never
 * overwritten: saving to its id is refused until the user fixes or deletes it (or saves under a new id).
 * API keys live in the SecretStore, never in the files, unless an export asks for them.
 */
export class PersonaStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dir: string,
    readonly secrets: SecretStore,
    /** Where every saved content is kept as a version (none: versions are not kept, e.g. a one-off CLI read). */
    readonly versions: VersionStore | null = null,
  ) {}

  fileOf(id: string): string {
    if (!PersonaId.safeParse(id).success)
      throw new StudioError('bad_input', `'${id}' is not a valid persona id (letters, digits, _ . -).`);
    return path.join(this.dir, `${id}.json`);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Every persona file: valid ones as summaries, the rest as broken entries with their error. */
  async list(): Promise<{ personas: PersonaSummary[]; broken: BrokenPersona[] }> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { personas: [], broken: [] };
      throw error;
    }
    const personas: PersonaSummary[] = [];
    const broken: BrokenPersona[] = [];
    for (const name of names.sort()) {
      if (!name.endsWith('.json') || name.startsWith(TEMP_PREFIX) || name.startsWith('.')) continue;
      const id = name.slice(0, -'.json'.length);
      const file = path.join(this.dir, name);
      if (!PersonaId.safeParse(id).success) {
        // Opened or deleted by id, such a file could never be reached: say how to make it one.
        broken.push({
          id,
          path: file,
          error: {
            code: 'persona_invalid',
            message: `The file name is not a persona id (letters, digits, _ . -, at most 100): rename it, e.g. to ${slugify(id)}.json.`,
          },
        });
        continue;
      }
      let read;
      try {
        read = await readPersonaFile(file);
      } catch (error) {
        broken.push({
          id,
          path: file,
          error: { code: 'persona_invalid', message: `Cannot read the file: ${(error as Error).message}` },
        });
        continue;
      }
      if (!read.ok) {
        broken.push({ id, path: file, error: read.error });
        continue;
      }
      const engine = engineIdOf(read.persona);
      personas.push({
        id,
        name: read.persona.name,
        description: read.persona.description ?? '',
        engine,
        path: file,
        updatedAt: Math.round(read.mtimeMs),
      });
    }
    personas.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    return { personas, broken };
  }

  /** Reads a valid persona (without secrets); a missing id is persona_not_found, a broken file persona_invalid. */
  private async readValid(id: string): Promise<{ raw: Json; persona: PersonaFile; file: string }> {
    const file = this.fileOf(id);
    let read;
    try {
      read = await readPersonaFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new StudioError('persona_not_found', `No persona '${id}' (${file}).`);
      throw error;
    }
    if (!read.ok)
      throw new StudioError('persona_invalid', `${file} is broken: ${read.error.message}`, read.error.details);
    return { raw: read.raw, persona: read.persona, file };
  }

  private async record(id: string, raw: Json, file: string): Promise<PersonaRecord> {
    const stored = await this.secrets.get(id);
    return {
      id,
      path: file,
      persona: raw as PersonaFile,
      secretsSet: Object.keys(secretValues(stored))
        .filter((p) => secretPathExists(raw, p))
        .sort(),
      secretsHeld: heldSecrets(raw, stored).sort(),
    };
  }

  /** The persona as the editor loads it: secrets left out, listed in secretsSet. */
  async get(id: string): Promise<PersonaRecord> {
    const { raw, file } = await this.readValid(id);
    return this.record(id, splitSecrets(raw).persona, file);
  }

  /** The persona with its stored secrets merged in: what the runtime is built from. */
  async loadWithSecrets(id: string): Promise<PersonaFile> {
    const { raw } = await this.readValid(id);
    return mergeSecrets(raw, await this.secrets.get(id)) as PersonaFile;
  }

  /** The stored value of one secret field of a valid persona (for a reveal the user asked for); not_found if none. */
  async revealSecret(id: string, dotted: string): Promise<string> {
    const { raw } = await this.readValid(id);
    const value = secretValues(await this.secrets.get(id))[dotted];
    if (value === undefined || !secretPathExists(splitSecrets(raw).persona, dotted))
      throw new StudioError('not_found', `No stored secret '${dotted}' for persona '${id}'.`);
    return value;
  }

  /** Is this id taken by a file, valid or broken? */
  exists(id: string): boolean {
    return existsSync(this.fileOf(id));
  }

  /** A free id derived from a base: `base`, `base-2`, `base-3`... */
  freeId(base: string): string {
    const root = PersonaId.safeParse(base).success ? base : slugify(base);
    if (!this.exists(root)) return root;
    for (let n = 2; ; n++) if (!this.exists(`${root}-${n}`)) return `${root}-${n}`;
  }

  /**
   * Saves a persona. Without an id a new one is derived from the name. Secret fields go to the secrets store
   * ("" forgets the stored value, absent keeps it), each bound to the origin its block's URL names then. A kept
   * secret stays bound to its origin when the URL changes (so it is not sent to the new server) unless its path
   * is in `rebindSecrets` (the user said to keep it for the new address); one in `forgetSecrets` is removed. A
   * broken file at the id is refused.
   */
  save(
    id: string | undefined,
    persona: Json,
    options: { asNew?: boolean; rebindSecrets?: string[]; forgetSecrets?: string[] } = {},
  ): Promise<PersonaRecord> {
    return this.serial(async () => {
      const checked = validatePersona(persona);
      if (!checked.ok) throw new StudioError('persona_invalid', checked.error.message, checked.error.details);
      // asNew: `id` is only a wish; a free id is picked inside the queue, so concurrent creations never collide.
      const targetId = id && !options.asNew ? id : this.freeId(id ?? slugify(checked.persona.name));
      const file = this.fileOf(targetId);
      let previous: Json | null = null;
      if (existsSync(file)) {
        const current = await readPersonaFile(file).catch((error: Error) => ({
          ok: false as const,
          error: { code: 'persona_invalid' as const, message: error.message },
        }));
        if (!current.ok) {
          throw new StudioError(
            'persona_invalid',
            `${file} is broken (${current.error.message}) and is kept as it is. Fix or delete that file, or save this persona under another id.`,
            { path: file, error: current.error },
          );
        }
        previous = current.raw;
      }
      const split = splitSecrets(checked.raw);
      const stored = await this.secrets.get(targetId);
      const next: Record<string, string> = {};
      const bind = (p: string, origin: string | null) => {
        if (origin) next[ORIGIN_PREFIX + p] = origin;
      };
      for (const [p, v] of Object.entries(secretValues(stored))) {
        if (split.cleared.includes(p) || options.forgetSecrets?.includes(p) || !secretPathExists(split.persona, p))
          continue;
        next[p] = v;
        // A secret stored before origins were recorded belongs to the origin its file named until now.
        const bound = stored[ORIGIN_PREFIX + p] ?? (previous ? secretOrigin(previous, p) : null);
        bind(p, options.rebindSecrets?.includes(p) ? secretOrigin(split.persona, p) : bound);
      }
      for (const [p, v] of Object.entries(split.set)) {
        next[p] = v;
        delete next[ORIGIN_PREFIX + p];
        bind(p, secretOrigin(split.persona, p));
      }
      await this.writePair(targetId, file, formatPersona(split.persona), next);
      await this.keepVersion(targetId, split.persona);
      return this.record(targetId, split.persona, file);
    });
  }

  /** Keeps the saved content as a version; the save stands when that fails (it is logged). */
  private async keepVersion(id: string, persona: Json): Promise<void> {
    await this.versions?.record(id, persona, { touch: true }).catch((error: Error) => {
      log.warn(`persona '${id}' was saved, but its version could not be kept: ${error.message}`);
    });
  }

  /**
   * The version of the persona's content now, kept if it was not (a file changed outside the app): what a run
   * records it ran with. Null when versions are not kept here.
   */
  async currentVersion(id: string): Promise<string | null> {
    if (!this.versions) return null;
    const { raw } = await this.readValid(id);
    return this.versions.record(id, splitSecrets(raw).persona);
  }

  /** A kept version's content with the persona's stored secrets merged in: what a re-run of that version runs. */
  async loadVersionWithSecrets(id: string, versionId: string): Promise<PersonaFile> {
    if (!this.versions) throw new StudioError('not_found', 'Persona versions are not kept in this data folder.');
    const { persona } = await this.versions.get(id, versionId);
    const checked = validatePersona(persona);
    if (!checked.ok)
      throw new StudioError('persona_invalid', `Version ${versionId} of '${id}': ${checked.error.message}`);
    return mergeSecrets(checked.raw, await this.secrets.get(id)) as PersonaFile;
  }

  /** Saves a kept version's content as the persona (its stored secrets kept): a new save, so the newest version. */
  async restoreVersion(id: string, versionId: string): Promise<PersonaRecord> {
    if (!this.versions) throw new StudioError('not_found', 'Persona versions are not kept in this data folder.');
    const { persona } = await this.versions.get(id, versionId);
    return this.save(id, persona);
  }

  /**
   * Writes a persona file and then its secrets as one change: when the secrets cannot be stored, the file is put
   * back as it was (a new one removed), so "nothing was changed" is true and a retry saves in place. When even
   * that fails, the error says what is on disk.
   */
  private async writePair(id: string, file: string, text: string, secrets: Record<string, string>): Promise<void> {
    const previous = await readFile(file, 'utf8').catch(() => null);
    await writeFileAtomic(file, text);
    try {
      await this.secrets.set(id, secrets);
    } catch (error) {
      const restored = await (previous === null ? rm(file, { force: true }) : writeFileAtomic(file, previous)).then(
        () => true,
        () => false,
      );
      if (restored) throw error;
      const why = error instanceof Error ? error.message : String(error);
      throw new StudioError(
        'internal',
        `The persona was written to ${file}, but its secrets were not stored (${why.replace(/ Nothing was changed\.$/, '')}), and the file could not be put back. Save it again once the problem is fixed: it saves in place.`,
        { path: file, id },
        { cause: error },
      );
    }
  }

  /** Deletes a persona file (valid or broken) and its secrets. */
  delete(id: string): Promise<boolean> {
    return this.serial(async () => {
      const file = this.fileOf(id);
      if (!existsSync(file)) return false;
      await rm(file).catch((error: NodeJS.ErrnoException) => {
        throw undeletable(file, error);
      });
      await this.secrets.remove(id).catch((error: Error) => {
        throw new StudioError(
          'forbidden',
          `${file} was deleted, but its secrets could not be removed from ${this.secrets.file}: ${error.message.replace(/ Nothing was changed\.$/, '')}.`,
          { path: this.secrets.file },
          { cause: error },
        );
      });
      await this.versions?.remove(id).catch((error: Error) => {
        log.warn(`persona '${id}' was deleted, but its versions could not be removed: ${error.message}`);
      });
      return true;
    });
  }

  /** Copies a persona (secrets included) under a new id and name. */
  async duplicate(id: string, name?: string): Promise<PersonaRecord> {
    const { raw } = await this.readValid(id);
    const copyName = name?.trim() || `${String(raw.name)} (copy)`;
    const withSecrets = mergeSecrets(raw, await this.secrets.get(id));
    return this.save(slugify(copyName), { ...withSecrets, name: copyName }, { asNew: true });
  }

  /**
   * Imports an OVOS persona from a file path or JSON text. Unknown keys are kept; plugin ids that are not installed
   * are named, not refused. When a persona with the same id (from the file name or the name) or the same name exists,
   * `onConflict` decides: 'ask' (default) refuses with persona_exists naming it, 'replace' saves over it (its stored
   * secrets kept unless the file has its own), 'keep-both' adds it as "<name> (2)" under a new id.
   */
  async import(
    source: { path: string } | { text: string; fileName?: string },
    known: KnownPlugins,
    options: { onConflict?: 'ask' | 'replace' | 'keep-both' } = {},
  ): Promise<{ record: PersonaRecord; unknownPluginIds: string[]; replaced: boolean }> {
    const { text, fileName } = await readImportSource(source);
    const parsed = parsePersonaText(text);
    if (!parsed.ok) throw new StudioError('persona_invalid', parsed.error.message, parsed.error.details);
    const base = fileName ? path.basename(fileName).replace(/\.json$/i, '') : '';
    const wish = PersonaId.safeParse(base).success ? base : slugify(parsed.persona.name);
    const existing = await this.sameAs(wish, parsed.persona.name);
    const onConflict = options.onConflict ?? 'ask';
    const unknownPluginIds = findUnknownPluginIds(parsed.raw, known);
    if (existing && onConflict === 'ask')
      throw new StudioError(
        'persona_exists',
        `A persona “${existing.name}” (${existing.id}) already exists: replace it, or keep both (the new one as “${parsed.persona.name} (2)”).`,
        { id: existing.id, name: existing.name },
      );
    if (existing && onConflict === 'replace')
      return { record: await this.save(existing.id, parsed.raw), unknownPluginIds, replaced: true };
    const name = existing ? await this.freeName(parsed.persona.name) : parsed.persona.name;
    const record = await this.save(wish, { ...parsed.raw, name }, { asNew: true });
    return { record, unknownPluginIds, replaced: false };
  }

  /** The valid persona an import would duplicate: the same id, else the same name. */
  private async sameAs(id: string, name: string): Promise<{ id: string; name: string } | null> {
    const { personas } = await this.list();
    const hit = personas.find((p) => p.id === id) ?? personas.find((p) => p.name === name);
    return hit ? { id: hit.id, name: hit.name } : null;
  }

  /** `<name> (2)`, `<name> (3)`... the first no persona has. */
  private async freeName(name: string): Promise<string> {
    const taken = new Set((await this.list()).personas.map((p) => p.name));
    if (!taken.has(name)) return name;
    const root = name.replace(/ \(\d+\)$/, '');
    for (let n = 2; ; n++) if (!taken.has(`${root} (${n})`)) return `${root} (${n})`;
  }

  /**
   * The persona as an OVOS file; secrets only with withSecrets. Written to `path` when given: an existing
   * file there is replaced only with `overwrite` (otherwise `bad_input`, the file untouched), a folder never.
   */
  async export(
    id: string,
    options: { withSecrets?: boolean; path?: string; overwrite?: boolean } = {},
  ): Promise<{ text: string; path: string | null }> {
    const { raw } = await this.readValid(id);
    const persona = options.withSecrets ? mergeSecrets(raw, await this.secrets.get(id)) : splitSecrets(raw).persona;
    const text = formatPersona(persona);
    if (options.path) return { text, path: await writeExport(options.path, text, options) };
    return { text, path: null };
  }
}
