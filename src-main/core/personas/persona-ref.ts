import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PersonaFile } from '../../../shared/domain/persona';
import { dataPaths } from '../data-dir';
import { StudioError } from '../errors';
import { readPersonaFile } from './persona-file';
import { PersonaStore } from './persona-store';
import { SecretStore } from './secret-store';

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
