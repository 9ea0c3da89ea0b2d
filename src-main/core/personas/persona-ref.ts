import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PersonaFile } from '../../../shared/domain/persona';
import { dataPaths } from '../data-dir';
import { StudioError } from '../errors';
import { readPersonaFile, validatePersona } from './persona-file';
import { mergeSecrets } from './secret-fields';
import { PersonaStore } from './persona-store';
import { SecretStore } from './secret-store';
import { VersionStore } from './version-store';

/** Whether a command-line persona reference names a file (a path that exists, or ends in .json) rather than an id. */
export function isPersonaPath(ref: string): boolean {
  return ref.endsWith('.json') || ref.includes(path.sep) || existsSync(ref);
}

/**
 * The one way the CLI and the MCP server read a persona they are given: a persona file, or an id in the data
 * folder (its API keys merged in). A file that cannot be read -> persona_not_found; one that does not parse or
 * validate -> persona_invalid with its issues; an unknown id -> persona_not_found.
 */
export async function readPersonaRef(ref: string, dataDir: string): Promise<PersonaFile> {
  if (isPersonaPath(ref)) {
    let read;
    try {
      read = await readPersonaFile(ref);
    } catch (error) {
      throw new StudioError('persona_not_found', `Cannot read persona file ${ref}: ${(error as Error).message}`);
    }
    if (!read.ok) throw new StudioError(read.error.code, `${ref}: ${read.error.message}`, read.error.details);
    return read.persona;
  }
  const paths = dataPaths(dataDir);
  return new PersonaStore(paths.personas, new SecretStore(paths.secrets)).loadWithSecrets(ref);
}

/**
 * A kept version of the persona a reference names (an id, or a file whose name is one): its content as saved
 * then, with the persona's stored API keys merged in. `version` is a version id or a unique prefix of one (at
 * least 6 digits). Unknown -> not_found naming the versions there are.
 */
export async function readPersonaVersion(ref: string, version: string, dataDir: string): Promise<PersonaFile> {
  const id = isPersonaPath(ref) ? path.basename(ref).replace(/\.json$/i, '') : ref;
  const paths = dataPaths(dataDir);
  const versions = new VersionStore(paths.versions);
  const known = await versions.list(id).catch(() => []);
  const hits = version.length >= 6 ? known.filter((v) => v.id.startsWith(version.toLowerCase())) : [];
  if (hits.length !== 1)
    throw new StudioError(
      'not_found',
      `Persona '${id}' has ${hits.length > 1 ? 'several versions starting with' : 'no version'} ${version} in ${paths.versions}` +
        (known.length ? ` (its versions: ${known.map((v) => v.id).join(', ')}).` : ' (no versions kept for it).'),
      { personaId: id, version },
    );
  const { persona } = await versions.get(id, hits[0].id);
  const checked = validatePersona(persona);
  if (!checked.ok)
    throw new StudioError('persona_invalid', `Version ${hits[0].id} of '${id}': ${checked.error.message}`);
  return mergeSecrets(checked.raw, await new SecretStore(paths.secrets).get(id)) as PersonaFile;
}
