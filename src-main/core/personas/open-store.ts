import { existsSync } from 'node:fs';
import { dataPaths, ensureDataDir } from '../data-dir';
import { seedDefaultPersona } from './default-persona';
import { PersonaStore } from './persona-store';
import { SecretStore } from './secret-store';
import { removeStaleTempFiles } from './temp-cleanup';
import { VersionStore } from './version-store';

/**
 * Opens the persona store of a data folder, creating the folder on first use and seeding it with the
 * default persona then (the app and the CLI both open it this way, so either may come first).
 */
export async function openPersonaStore(
  dataDir: string,
): Promise<{ personas: PersonaStore; secrets: SecretStore; seeded: boolean }> {
  const paths = dataPaths(dataDir);
  const isNew = !existsSync(paths.personas);
  ensureDataDir(dataDir);
  await removeStaleTempFiles([paths.root, paths.personas]);
  const secrets = new SecretStore(paths.secrets);
  const personas = new PersonaStore(paths.personas, secrets, new VersionStore(paths.versions));
  const seeded = await seedDefaultPersona(personas, isNew);
  return { personas, secrets, seeded };
}
