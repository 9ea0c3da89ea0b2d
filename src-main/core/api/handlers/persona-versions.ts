import { StudioError } from '../../errors';
import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';

/** Persona versions: list (with the current one), read one, restore one (a save, so the newest version). */
export function personaVersionHandlers(
  app: AppContext,
): Pick<Handlers, 'personas.versions' | 'personas.version' | 'personas.restoreVersion'> {
  const store = () => {
    if (!app.personas.versions)
      throw new StudioError('not_found', 'Persona versions are not kept in this data folder.');
    return app.personas.versions;
  };
  return {
    'personas.versions': async ({ id }) => {
      const current = await app.personas.currentVersion(id);
      return { current, versions: await store().list(id) };
    },
    'personas.version': async ({ id, versionId }) => ({ version: await store().get(id, versionId) }),
    'personas.restoreVersion': async ({ id, versionId }) => {
      const record = await app.personas.restoreVersion(id, versionId);
      app.personaChanged(record.id);
      return record;
    },
  };
}
