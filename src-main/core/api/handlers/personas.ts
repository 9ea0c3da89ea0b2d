import type { AppContext } from '../app-context';
import type { Handlers } from '../dispatch';

type PersonaMethods = 'personas.list' | 'personas.get' | 'personas.save' | 'personas.delete' | 'personas.duplicate' | 'personas.import' | 'personas.export';

/** Persona files: list (broken ones too), get, save, delete, duplicate, import, export. */
export function personaHandlers(app: AppContext): Pick<Handlers, PersonaMethods> {
  return {
    'personas.list': () => app.personas.list(),
    'personas.get': ({ id }) => app.personas.get(id),
    'personas.save': async ({ id, persona }) => {
      const record = await app.personas.save(id, persona);
      app.personaChanged(record.id);
      return record;
    },
    'personas.delete': async ({ id }) => {
      const deleted = await app.personas.delete(id);
      if (deleted) app.personaChanged(id);
      return { deleted };
    },
    'personas.duplicate': async ({ id, name }) => {
      const record = await app.personas.duplicate(id, name);
      app.personaChanged(record.id);
      return record;
    },
    'personas.import': async (source) => {
      const result = await app.personas.import(source, await app.knownPlugins());
      app.personaChanged(result.record.id);
      return result;
    },
    'personas.export': ({ id, withSecrets, path }) => app.personas.export(id, { withSecrets, path }),
  };
}
